import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '../errors/zod-field-errors';
import { customerInputSchema, customerPatchSchema } from './customer-schema';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

function errorsFor(
  schema: typeof customerInputSchema | typeof customerPatchSchema,
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? {} : zodFieldErrors(result.error);
}

// spec §5: required-field messages from the labels First Name, Last Name, Email.
const requiredRows = [
  { field: 'firstName', value: '', message: 'First Name is a required field', why: 'empty' },
  { field: 'firstName', value: '   ', message: 'First Name is a required field', why: 'blank' },
  {
    field: 'firstName',
    value: undefined,
    message: 'First Name is a required field',
    why: 'missing',
  },
  { field: 'firstName', value: 42, message: 'First Name is a required field', why: 'not a string' },
  { field: 'lastName', value: '', message: 'Last Name is a required field', why: 'empty' },
  { field: 'lastName', value: null, message: 'Last Name is a required field', why: 'null' },
  { field: 'email', value: '', message: 'Email is a required field', why: 'empty' },
  { field: 'email', value: undefined, message: 'Email is a required field', why: 'missing' },
];

describe('customerInputSchema', () => {
  it.each(requiredRows)("rejects a $why $field with '$message'", ({ field, value, message }) => {
    expect(errorsFor(customerInputSchema, { ...valid, [field]: value })).toEqual({
      [field]: [message],
    });
  });

  it('reports every missing required field at once', () => {
    expect(errorsFor(customerInputSchema, {})).toEqual({
      firstName: ['First Name is a required field'],
      lastName: ['Last Name is a required field'],
      email: ['Email is a required field'],
    });
  });

  it('accepts an e-mail without checking its format (none is shown in the spec)', () => {
    expect(customerInputSchema.parse({ ...valid, email: 'ada at home' }).email).toBe('ada at home');
  });

  it('trims names and e-mail', () => {
    const parsed = customerInputSchema.parse({
      firstName: ' Ada ',
      lastName: 'Lovelace ',
      email: ' a@b.c',
    });
    expect(parsed).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@b.c' });
  });

  it('fills defaults: points 0, banned false, optional text null', () => {
    expect(customerInputSchema.parse(valid)).toEqual({
      ...valid,
      company: null,
      phoneNumber: null,
      internalNotes: null,
      reference: null,
      points: 0,
      banned: false,
    });
  });

  it.each(['company', 'phoneNumber', 'internalNotes', 'reference'])(
    'turns an empty or blank %s into null, and keeps null',
    (field) => {
      for (const value of ['', '  ', null]) {
        expect(
          customerInputSchema.parse({ ...valid, [field]: value })[field as keyof typeof valid],
        ).toBeNull();
      }
    },
  );

  it('keeps optional text, trimmed', () => {
    const parsed = customerInputSchema.parse({
      ...valid,
      company: ' Bounce Kingdom ',
      internalNotes: 'Gate code 1234',
      reference: 'REF-9',
    });
    expect(parsed).toMatchObject({
      company: 'Bounce Kingdom',
      internalNotes: 'Gate code 1234',
      reference: 'REF-9',
    });
  });

  it.each([
    { input: '(555) 010-0123', expected: '+15550100123' },
    { input: '+44 20 7946 0958', expected: '+442079460958' },
    { input: '1.555.010.0123', expected: '+15550100123' },
  ])('normalises the phone number $input to $expected', ({ input, expected }) => {
    expect(customerInputSchema.parse({ ...valid, phoneNumber: input }).phoneNumber).toBe(expected);
  });

  it.each(['555-CALL', '0550100123', '1234567890123456', '1'])(
    "rejects the phone number '%s' with 'Invalid phone number'",
    (phoneNumber) => {
      expect(errorsFor(customerInputSchema, { ...valid, phoneNumber })).toEqual({
        phoneNumber: ['Invalid phone number'],
      });
    },
  );

  it.each([
    { why: 'a negative number', points: -1 },
    { why: 'a fraction', points: 1.5 },
    { why: 'a string', points: '10' },
  ])('rejects points given as $why', ({ points }) => {
    expect(Object.keys(errorsFor(customerInputSchema, { ...valid, points }))).toEqual(['points']);
  });

  it('keeps given points and banned', () => {
    expect(customerInputSchema.parse({ ...valid, points: 25, banned: true })).toMatchObject({
      points: 25,
      banned: true,
    });
  });

  it('rejects banned given as a string', () => {
    expect(Object.keys(errorsFor(customerInputSchema, { ...valid, banned: 'yes' }))).toEqual([
      'banned',
    ]);
  });

  it('strips unknown keys', () => {
    const parsed = customerInputSchema.parse({ ...valid, id: 'x', accountId: 'other' });
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('accountId');
  });
});

describe('customerPatchSchema', () => {
  it('accepts an empty patch and applies no defaults', () => {
    expect(customerPatchSchema.parse({})).toEqual({});
  });

  it('keeps only the fields given', () => {
    expect(customerPatchSchema.parse({ banned: true, company: '' })).toEqual({
      banned: true,
      company: null,
    });
  });

  it.each(requiredRows.filter((row) => row.value !== undefined))(
    "rejects a $why $field with '$message'",
    ({ field, value, message }) => {
      expect(errorsFor(customerPatchSchema, { [field]: value })).toEqual({ [field]: [message] });
    },
  );

  it("rejects an invalid phone number with 'Invalid phone number' and normalises a valid one", () => {
    expect(errorsFor(customerPatchSchema, { phoneNumber: 'abc' })).toEqual({
      phoneNumber: ['Invalid phone number'],
    });
    expect(customerPatchSchema.parse({ phoneNumber: '555 010 0123' })).toEqual({
      phoneNumber: '+15550100123',
    });
  });

  it('strips unknown keys', () => {
    expect(customerPatchSchema.parse({ accountId: 'other', points: 3 })).toEqual({ points: 3 });
  });
});

describe('customer field limits', () => {
  const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
  it.each([
    ['firstName', 100, 'First Name must be at most 100 characters'],
    ['lastName', 100, 'Last Name must be at most 100 characters'],
    ['email', 254, 'Email must be at most 254 characters'],
    ['company', 200, 'Company must be at most 200 characters'],
    ['reference', 100, 'Reference must be at most 100 characters'],
    ['internalNotes', 5000, 'Internal Notes must be at most 5000 characters'],
  ] as const)('takes %s up to %i characters', (field, max, message) => {
    expect(customerInputSchema.safeParse({ ...valid, [field]: 'a'.repeat(max) }).success).toBe(
      true,
    );
    const long = customerInputSchema.safeParse({ ...valid, [field]: 'a'.repeat(max + 1) });
    expect(long.error?.issues.map((i) => [i.path[0], i.message])).toEqual([[field, message]]);
    const patched = customerPatchSchema.safeParse({ [field]: 'a'.repeat(max + 1) });
    expect(patched.success).toBe(false);
  });

  it('takes points up to what the database holds', () => {
    expect(customerInputSchema.safeParse({ ...valid, points: 2_147_483_647 }).success).toBe(true);
    const over = customerPatchSchema.safeParse({ points: 3_000_000_000 });
    expect(over.error?.issues[0]?.message).toBe('Points must be at most 2,147,483,647');
  });
});
