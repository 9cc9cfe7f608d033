import { describe, expect, it } from 'vitest';
import { STORE_SLUG_PATTERN } from '../store/store-schemas';
import { businessSlug, signUpInputSchema, verifyEmailInputSchema } from './signup-schemas';

const valid = {
  name: 'Rosa Rentals',
  email: 'Rosa@Example.COM ',
  password: 'bounce bounce',
  businessName: '  Rosa’s Party Rentals 🎈 ',
};

describe('signUpInputSchema', () => {
  it('trims the names and lower-cases the e-mail', () => {
    expect(signUpInputSchema.parse(valid)).toEqual({
      name: 'Rosa Rentals',
      email: 'rosa@example.com',
      password: 'bounce bounce',
      businessName: 'Rosa’s Party Rentals 🎈',
    });
  });

  it('names every field that is missing or wrong', () => {
    const result = signUpInputSchema.safeParse({
      name: ' ',
      email: 'not an e-mail',
      password: 'short',
      businessName: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors).toEqual({
      name: ['Enter your name'],
      email: ['Enter a valid e-mail address'],
      password: ['Use at least 8 characters'],
      businessName: ['Enter the name of your business'],
    });
  });

  it('refuses a business name over 80 characters and a missing field', () => {
    const long = signUpInputSchema.safeParse({ ...valid, businessName: 'x'.repeat(81) });
    expect(long.error?.flatten().fieldErrors.businessName).toEqual([
      'The business name must be at most 80 characters',
    ]);
    const { password: _, ...noPassword } = valid;
    expect(signUpInputSchema.safeParse(noPassword).error?.flatten().fieldErrors.password).toEqual([
      'Choose a password',
    ]);
  });
});

describe('verifyEmailInputSchema', () => {
  it('takes a 43-character base64url token only', () => {
    expect(verifyEmailInputSchema.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
    expect(verifyEmailInputSchema.safeParse({ token: 'a'.repeat(42) }).success).toBe(false);
    expect(verifyEmailInputSchema.safeParse({ token: `${'a'.repeat(42)}/` }).success).toBe(false);
  });
});

describe('businessSlug', () => {
  it('makes a store address from the business name', () => {
    expect(businessSlug('Rosa’s Party Rentals 🎈')).toBe('rosa-s-party-rentals');
    expect(businessSlug('Château Bounce')).toBe('chateau-bounce');
  });

  it('never gives an empty or invalid address, even from emoji or a long name', () => {
    expect(businessSlug('🎈🎪')).toBe('rentals');
    const long = businessSlug(`${'Very Long Business Name '.repeat(5)}`);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(STORE_SLUG_PATTERN);
    expect(long.endsWith('-')).toBe(false);
  });
});
