export const CALL_QUALITY_GRADES = ['excellent', 'great', 'good', 'fair', 'degraded'] as const;
export type CallQualityGrade = (typeof CALL_QUALITY_GRADES)[number];

/**
 * spec §4: grade from the average MOS score: excellent above 4.2, great 4.1 to 4.2, good 3.7
 * to 4.0, fair 3.1 to 3.6, degraded otherwise.
 *
 * The spec's ranges leave gaps (4.0–4.1, 3.6–3.7, 3.0–3.1). We close them by reading each
 * band's lower bound as inclusive and its upper bound as "below the next band", so 4.05 is
 * good and 3.65 is fair; only a score below 3.1 (or NaN) is degraded. This matches how the
 * voice provider's native SDKs document the bands (good is >= 3.7 and < 4.1).
 */
export function callQualityGrade(mos: number): CallQualityGrade {
  if (mos > 4.2) return 'excellent';
  if (mos >= 4.1) return 'great';
  if (mos >= 3.7) return 'good';
  if (mos >= 3.1) return 'fair';
  return 'degraded';
}
