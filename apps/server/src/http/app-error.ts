import { ERROR_CODES, type ErrorCode } from '@tentpole/domain';

/** The one error type routes throw; its code decides the HTTP status (ERROR_CODES). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** Extra facts for the client, e.g. the existing record behind a conflict. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...this.details,
      },
    };
  }
}

export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found`);
