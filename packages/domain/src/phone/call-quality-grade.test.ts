import { describe, expect, it } from 'vitest';
import { callQualityGrade } from './call-quality-grade';

// spec §4: excellent above 4.2, great 4.1 to 4.2, good 3.7 to 4.0, fair 3.1 to 3.6, degraded
// otherwise. A score between two bands is "otherwise": degraded.
describe('callQualityGrade', () => {
  it.each([
    { mos: 4.5, expected: 'excellent' },
    { mos: 4.21, expected: 'excellent' },
    { mos: 4.2, expected: 'great' },
    { mos: 4.1, expected: 'great' },
    { mos: 4.05, expected: 'degraded' },
    { mos: 4.0, expected: 'good' },
    { mos: 3.7, expected: 'good' },
    { mos: 3.65, expected: 'degraded' },
    { mos: 3.6, expected: 'fair' },
    { mos: 3.1, expected: 'fair' },
    { mos: 3.05, expected: 'degraded' },
    { mos: 1, expected: 'degraded' },
    { mos: Number.NaN, expected: 'degraded' },
  ])('grades a MOS of $mos as $expected', ({ mos, expected }) => {
    expect(callQualityGrade(mos)).toBe(expected);
  });
});
