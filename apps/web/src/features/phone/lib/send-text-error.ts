import {
  SEND_TEXT_FAILED_MESSAGE,
  SEND_TEXT_FORBIDDEN_MESSAGE,
  SEND_TEXT_INVALID_NUMBER_MESSAGE,
} from '@tentpole/domain';
import { ApiError } from '@/lib/api-client';

/** What a failed new text says (spec §8): 403, any other 4xx, anything else. */
export function sendTextErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return SEND_TEXT_FORBIDDEN_MESSAGE;
    if (error.status >= 400 && error.status < 500) return SEND_TEXT_INVALID_NUMBER_MESSAGE;
  }
  return SEND_TEXT_FAILED_MESSAGE;
}

/**
 * The server's own reason, shown under the spec's message when it says more: a number that
 * opted out (409) is refused as 'Invalid phone number', and the reason tells staff why.
 */
export function sendTextErrorDetail(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 409) return error.message;
  return null;
}
