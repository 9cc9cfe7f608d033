import { voiceTokenResponseSchema } from '@tentpole/domain';
import type { ErrorReporter } from '@/lib/instrumentation/error-reporter';

export const VOICE_TOKEN_FAILED_MESSAGE = 'Failed to get voice token';

export class VoiceTokenError extends Error {
  override readonly name = 'VoiceTokenError';
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(VOICE_TOKEN_FAILED_MESSAGE);
  }
}

/**
 * spec §7 GET /api/phone/voice/token. spec §8: a failure is reported to error reporting with
 * status, statusText and 'Failed to get voice token', and no device results (the caller gets
 * the error).
 */
export async function getVoiceToken(errors: ErrorReporter): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/phone/voice/token', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    // Offline: there is no HTTP status to report.
    const error = new VoiceTokenError(0, 'Network error');
    errors.captureException(error, { status: error.status, statusText: error.statusText });
    throw error;
  }
  const parsed = response.ok
    ? voiceTokenResponseSchema.safeParse(await response.json().catch(() => null))
    : null;
  if (!parsed?.success) {
    const error = new VoiceTokenError(response.status, response.statusText);
    errors.captureException(error, { status: response.status, statusText: response.statusText });
    throw error;
  }
  return parsed.data.token;
}
