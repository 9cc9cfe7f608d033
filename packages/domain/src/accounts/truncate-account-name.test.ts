import { describe, expect, it } from 'vitest';
import { ACCOUNT_NAME_MAX, truncateAccountName } from './truncate-account-name';

// spec §2, §9: over 18 characters → the first 18 plus an ellipsis.
describe('truncateAccountName', () => {
  it('truncates at 18 characters', () => {
    expect(ACCOUNT_NAME_MAX).toBe(18);
  });

  it.each([
    {
      name: 'Bounce Kingdom Party Rentals',
      expected: 'Bounce Kingdom Par…',
      why: 'cuts a 28-character name to 18 plus …',
    },
    {
      name: 'Jump Around Rental',
      expected: 'Jump Around Rental',
      why: 'keeps an 18-character name',
    },
    {
      name: 'Jump Around Rentals',
      expected: 'Jump Around Rental…',
      why: 'cuts a 19-character name',
    },
    { name: 'Tents', expected: 'Tents', why: 'keeps a short name' },
    { name: '', expected: '', why: 'keeps an empty name' },
    {
      name: '🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪',
      expected: '🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪🎪…',
      why: 'counts an emoji as one character',
    },
  ])("$why: '$name' → '$expected'", ({ name, expected }) => {
    expect(truncateAccountName(name)).toBe(expected);
  });
});
