import { describe, expect, it } from 'vitest';
import {
  createTeamInputSchema,
  createTeamResponseSchema,
  TEAM_NAME_REQUIRED_MESSAGE,
} from './create-team-schema';

describe('createTeamInputSchema', () => {
  it.each([[''], ['   '], [undefined]])(
    "rejects a blank or missing name (%j) with 'Team name is required'",
    (name) => {
      const result = createTeamInputSchema.safeParse({ name });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TEAM_NAME_REQUIRED_MESSAGE);
    },
  );

  it('trims the name and rejects one over 80 characters', () => {
    expect(createTeamInputSchema.parse({ name: '  Party Palace  ' })).toEqual({
      name: 'Party Palace',
    });
    expect(createTeamInputSchema.safeParse({ name: 'x'.repeat(81) }).success).toBe(false);
  });
});

describe('createTeamResponseSchema', () => {
  const team = { id: 't1', name: 'Party Palace', logo: null, plan: 'free' };
  it.each([
    { why: 'accepts the new team', input: { team }, ok: true },
    { why: 'rejects a bare team', input: team, ok: false },
    {
      why: 'rejects a team whose plan is not a tier',
      input: { team: { ...team, plan: 'Gold' } },
      ok: false,
    },
  ])('$why', ({ input, ok }) => {
    expect(createTeamResponseSchema.safeParse(input).success).toBe(ok);
  });
});
