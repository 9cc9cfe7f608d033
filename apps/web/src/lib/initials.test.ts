import { describe, expect, it } from 'vitest';
import { firstGrapheme, initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    [['Ada Lovelace'], 'AL'],
    [['ada', 'lovelace'], 'AL'],
    [['🎉 Party Palace'], '🎉P'],
    [['👩‍👩‍👧 Family Fun'], '👩‍👩‍👧F'],
    [['🇨🇦 Maple', 'Rentals'], '🇨🇦M'],
    [['👍🏽 Thumbs'], '👍🏽T'],
    [['émile zola'], 'ÉZ'],
    [['  Cher  '], 'C'],
    [[''], ''],
  ])('%j → %s', (names, expected) => {
    expect(initialsOf(...names)).toBe(expected);
  });

  it('never leaves half of a surrogate pair', () => {
    for (const name of ['😀 Smile', '𝒜 Script', '🏳️‍🌈 Pride']) {
      const initials = initialsOf(name);
      expect(initials).toBe(initials.normalize());
      expect(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(initials),
      ).toBe(false);
    }
    expect(firstGrapheme('🏳️‍🌈 Pride')).toBe('🏳️‍🌈');
  });
});
