import { describe, expect, it } from 'vitest';
import {
  authProvidersResponseSchema,
  authRedirectResponseSchema,
  csrfTokenResponseSchema,
  sessionResponseSchema,
} from './auth-api-schemas';

const user = {
  id: 'u1',
  name: 'Olivia Owner',
  email: 'owner@tentpole.test',
  accountId: 'a1',
  planLevel: 'pro',
  roles: ['tentpole:*'],
  trialEndDate: null,
};

describe('sessionResponseSchema', () => {
  it.each([
    {
      why: 'accepts a user and an expiry',
      input: { user, expires: '2026-12-01T00:00:00.000Z' },
      ok: true,
    },
    { why: 'rejects a session without expiry', input: { user }, ok: false },
    { why: 'rejects the signed-out answer', input: {}, ok: false },
    {
      why: 'rejects a user without roles',
      input: { user: { ...user, roles: undefined }, expires: 'x' },
      ok: false,
    },
  ])('$why', ({ input, ok }) => {
    expect(sessionResponseSchema.safeParse(input).success).toBe(ok);
  });
});

describe('csrfTokenResponseSchema', () => {
  it.each([
    { why: 'accepts a token', input: { csrfToken: 'abc' }, ok: true },
    { why: 'rejects an empty token', input: { csrfToken: '' }, ok: false },
    { why: 'rejects a missing token', input: {}, ok: false },
  ])('$why', ({ input, ok }) => {
    expect(csrfTokenResponseSchema.safeParse(input).success).toBe(ok);
  });
});

describe('authProvidersResponseSchema', () => {
  it.each([
    {
      why: 'accepts providers by id',
      input: { credentials: { id: 'credentials', type: 'credentials' } },
      ok: true,
    },
    { why: 'accepts no providers', input: {}, ok: true },
    {
      why: 'rejects a provider without a type',
      input: { credentials: { id: 'credentials' } },
      ok: false,
    },
  ])('$why', ({ input, ok }) => {
    expect(authProvidersResponseSchema.safeParse(input).success).toBe(ok);
  });
});

describe('authRedirectResponseSchema', () => {
  it.each([
    { why: 'accepts a url', input: { url: 'http://localhost/?error=CredentialsSignin' }, ok: true },
    { why: 'rejects a missing url', input: {}, ok: false },
  ])('$why', ({ input, ok }) => {
    expect(authRedirectResponseSchema.safeParse(input).success).toBe(ok);
  });
});
