import { z } from 'zod';

// How revenue is counted (back-office spec §11): accrual by the event's date, cash by the
// payment's. Apart from the reports' schemas so the dashboard's tiles can name their basis
// without loading every report's rules.
export const REPORT_BASES = ['accrual', 'cash'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];
export const reportBasisSchema = z.enum(REPORT_BASES);
export const REPORT_BASIS_LABELS: Readonly<Record<ReportBasis, string>> = {
  accrual: 'Accrual: by event date',
  cash: 'Cash: by payment date',
};
