import { describe, expect, it } from 'vitest';
import { errorBodySchema } from './error-body-schema';

describe('errorBodySchema', () => {
  it.each([
    {
      why: 'accepts a body without fields',
      body: { error: { code: 'not_found', message: 'Not found' } },
      ok: true,
    },
    {
      why: 'accepts a body with field errors',
      body: {
        error: {
          code: 'validation_failed',
          message: 'Invalid input',
          fields: { firstName: ['First Name is a required field'] },
        },
      },
      ok: true,
    },
    {
      why: 'rejects an unknown code',
      body: { error: { code: 'teapot', message: 'x' } },
      ok: false,
    },
    { why: 'rejects a body without message', body: { error: { code: 'internal' } }, ok: false },
    {
      why: 'rejects field errors that are not lists',
      body: { error: { code: 'bad_request', message: 'x', fields: { a: 'b' } } },
      ok: false,
    },
    { why: 'rejects a bare error string', body: { error: 'Not found' }, ok: false },
  ])('$why', ({ body, ok }) => {
    expect(errorBodySchema.safeParse(body).success).toBe(ok);
  });
});
