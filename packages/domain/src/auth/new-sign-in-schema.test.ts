import { describe, expect, it } from 'vitest';
import { signUpInputSchema } from '../signup/signup-schemas';
import { acceptInviteSchema } from '../staff/staff-schemas';
import { newSignInSchema } from './new-sign-in-schema';

describe('newSignInSchema', () => {
  it('trims the name and lower-cases the e-mail', () => {
    expect(
      newSignInSchema.parse({ name: ' Rosa ', email: ' Rosa@Example.COM', password: '12345678' }),
    ).toEqual({ name: 'Rosa', email: 'rosa@example.com', password: '12345678' });
  });

  it('refuses a name over 100 characters and a password over 200', () => {
    const result = newSignInSchema.safeParse({
      name: 'x'.repeat(101),
      email: 'rosa@example.com',
      password: 'p'.repeat(201),
    });
    expect(result.error?.flatten().fieldErrors).toEqual({
      name: ['Your name must be at most 100 characters'],
      password: ['Use at most 200 characters'],
    });
  });

  it('is what accepting an invitation and signing up both ask of the new sign-in', () => {
    const fields = { name: '', email: 'nope', password: 'short' };
    const expected = {
      name: ['Enter your name'],
      email: ['Enter a valid e-mail address'],
      password: ['Use at least 8 characters'],
    };
    expect(acceptInviteSchema.safeParse(fields).error?.flatten().fieldErrors).toEqual(expected);
    expect(
      signUpInputSchema.safeParse({ ...fields, businessName: 'Rosa Rentals' }).error?.flatten()
        .fieldErrors,
    ).toEqual(expected);
  });
});
