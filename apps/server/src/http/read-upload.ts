import type { Context } from 'hono';
import type { AppEnv } from './app-env.js';
import { AppError } from './app-error.js';

/** The uploaded `file` of a multipart form, or a 400 saying what to send. */
export async function readUploadedFile(c: Context<AppEnv>, field = 'file'): Promise<File> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new AppError(
      'bad_request',
      `Send the image as multipart/form-data with a "${field}" field.`,
    );
  }
  const file = body[field];
  if (!(file instanceof File))
    throw new AppError('validation_failed', 'Some fields are not valid.', {
      [field]: ['Choose an image to upload'],
    });
  return file;
}
