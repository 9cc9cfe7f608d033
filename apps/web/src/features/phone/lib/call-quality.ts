import { type CallQualityGrade, callQualityGrade } from '@tentpole/domain';

export const QUALITY_LABELS: Record<CallQualityGrade, string> = {
  excellent: 'Excellent',
  great: 'Great',
  good: 'Good',
  fair: 'Fair',
  degraded: 'Degraded',
};

/** spec §4: the grade of the average MOS so far, or null before the first sample. */
export function averageMosGrade(mos: { sum: number; count: number }): CallQualityGrade | null {
  return mos.count === 0 ? null : callQualityGrade(mos.sum / mos.count);
}
