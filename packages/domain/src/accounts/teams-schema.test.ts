import { describe, expect, it } from 'vitest';
import {
  EMPTY_TEAMS_RESPONSE,
  flattenTeams,
  type Team,
  teamSchema,
  teamsResponseSchema,
} from './teams-schema';

const team = (id: string, plan: Team['plan'] = 'core'): Team => ({
  id,
  name: `Team ${id}`,
  logo: null,
  plan,
});

describe('teamSchema', () => {
  it.each([
    { why: 'accepts a team without logo', input: team('1'), ok: true },
    { why: 'accepts a team with a logo', input: { ...team('1'), logo: '/logos/1.png' }, ok: true },
    { why: 'rejects a plan that is not a tier', input: { ...team('1'), plan: 'Pro' }, ok: false },
    { why: 'rejects a missing logo', input: { id: '1', name: 'x', plan: 'free' }, ok: false },
  ])('$why', ({ input, ok }) => {
    expect(teamSchema.safeParse(input).success).toBe(ok);
  });
});

// spec §3: organizations is an object whose values are arrays, flattened into one list.
describe('flattenTeams', () => {
  it.each<{ why: string; organizations: Record<string, Team[]>; ids: string[] }>([
    {
      why: 'flattens the arrays in key order',
      organizations: { b: [team('1'), team('2')], a: [team('3')] },
      ids: ['1', '2', '3'],
    },
    { why: 'skips empty arrays', organizations: { a: [], b: [team('4')] }, ids: ['4'] },
    { why: 'gives an empty list for no organizations', organizations: {}, ids: [] },
  ])('$why', ({ organizations, ids }) => {
    expect(flattenTeams(organizations).map((t) => t.id)).toEqual(ids);
  });

  it('flattens a parsed teams response', () => {
    const response = teamsResponseSchema.parse({
      organizations: { owner: [team('1', 'pro')], member: [team('2')] },
    });
    expect(flattenTeams(response.organizations)).toEqual([team('1', 'pro'), team('2')]);
  });

  it('rejects organizations whose values are not arrays', () => {
    expect(teamsResponseSchema.safeParse({ organizations: { owner: team('1') } }).success).toBe(
      false,
    );
  });

  it('falls back to an empty organizations object (spec §7)', () => {
    expect(EMPTY_TEAMS_RESPONSE).toEqual({ organizations: {} });
  });
});
