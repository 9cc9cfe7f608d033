import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodFieldErrors } from './zod-field-errors';

function errorOf(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be rejected');
  return result.error;
}

describe('zodFieldErrors', () => {
  it.each([
    {
      why: 'keys a top-level field by its name',
      schema: z.object({ name: z.string().min(1, 'Name is required') }),
      input: { name: '' },
      expected: { name: ['Name is required'] },
    },
    {
      why: "joins a nested path with '.'",
      schema: z.object({ list: z.array(z.string().min(2, 'Too short')) }),
      input: { list: ['ok', 'x'] },
      expected: { 'list.1': ['Too short'] },
    },
    {
      why: 'collects several messages for one field in order',
      schema: z.object({ code: z.string().min(3, 'Too short').regex(/^\d+$/, 'Digits only') }),
      input: { code: 'a' },
      expected: { code: ['Too short', 'Digits only'] },
    },
    {
      why: "keys an issue about the whole value by ''",
      schema: z.string({ error: 'Expected text' }),
      input: 1,
      expected: { '': ['Expected text'] },
    },
  ])('$why', ({ schema, input, expected }) => {
    const fields = zodFieldErrors(errorOf(schema, input));
    expect(fields).toEqual(expected);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  it("keeps a '__proto__' path as a plain key", () => {
    const error = new z.ZodError([
      { code: 'custom', message: 'Not allowed', path: ['__proto__'], input: 'x' },
    ]);
    const fields = zodFieldErrors(error);
    expect(Object.keys(fields)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['Not allowed']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });
});
