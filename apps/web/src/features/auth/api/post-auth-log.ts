import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/**
 * spec §7: the auth client's log, a form POST to {basepath}/_log, with the fields the server's
 * route reads (level, code, message). Only faults go there (a request that failed, an answer
 * that makes no sense), never a refused password. Fire and forget: logging never fails the
 * action it reports on.
 */
export function logAuthError(code: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  void apiFetch('/api/auth/_log', z.unknown(), {
    method: 'POST',
    form: new URLSearchParams({ level: 'error', code, message: message.slice(0, 2000) }),
    // Still sent when the page is left, as after a failed sign-out.
    keepalive: true,
  }).catch(() => {});
}
