export const CALL_QUALITY_GRADES = ['excellent', 'great', 'good', 'fair', 'degraded'] as const;
export type CallQualityGrade = (typeof CALL_QUALITY_GRADES)[number];

/**
 * spec §4: grade from the average MOS score: excellent above 4.2, great 4.1 to 4.2, good 3.7
 * to 4.0, fair 3.1 to 3.6, degraded otherwise — read as written: a score between the bands
 * (4.05, 3.65) is "otherwise", so degraded (decision 0013).
 */
export function callQualityGrade(mos: number): CallQualityGrade {
  if (mos > 4.2) return 'excellent';
  if (mos >= 4.1 && mos <= 4.2) return 'great';
  if (mos >= 3.7 && mos <= 4.0) return 'good';
  if (mos >= 3.1 && mos <= 3.6) return 'fair';
  return 'degraded';
}
