import { z } from 'zod';
import type { Permission } from '../permissions/permissions';
import { REPORT_BASES } from './report-basis';

// back-office spec §11: the reports, one contract for all of them. Each report answers the
// same shape (summary figures against the previous period, a chart, a table) so one screen
// shows any of them and one CSV writer exports any of them.

export const REPORT_KEYS = [
  'revenue',
  'sales-tax',
  'payments',
  'deposits',
  'receivables',
  'utilisation',
  'coupons',
  'cancellations',
  'lead-sources',
  'deliveries',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];
export const reportKeySchema = z.enum(REPORT_KEYS, { error: 'Unknown report' });

export type ReportInfo = {
  title: string;
  description: string;
  /** §1: revenue, tax and payment reports also need `reports.financial`. */
  financial: boolean;
  /** Revenue and tax: accrual (by event date) or cash (by payment date), chosen. */
  hasBasis: boolean;
};

export const REPORT_INFO: Readonly<Record<ReportKey, ReportInfo>> = {
  revenue: {
    title: 'Revenue',
    description: 'What you earned: by event date (accrual) or by payment date (cash).',
    financial: true,
    hasBasis: true,
  },
  'sales-tax': {
    title: 'Sales tax',
    description: 'Tax collected on taxable sales, and sales exempt from tax.',
    financial: true,
    hasBasis: true,
  },
  payments: {
    title: 'Payments and refunds',
    description: 'Money received and given back, by payment method.',
    financial: true,
    hasBasis: false,
  },
  deposits: {
    title: 'Deposits held',
    description: 'Money held for events still to come and security deposits not yet returned.',
    financial: true,
    hasBasis: false,
  },
  receivables: {
    title: 'Receivables ageing',
    description: 'Balances customers still owe, by how long past due.',
    financial: true,
    hasBasis: false,
  },
  utilisation: {
    title: 'Utilisation',
    description: 'How much of the time each product was out, and the bookings turned away.',
    financial: false,
    hasBasis: false,
  },
  coupons: {
    title: 'Coupons',
    description: 'Orders booked with each coupon code and the discount given.',
    financial: false,
    hasBasis: false,
  },
  cancellations: {
    title: 'Cancellations',
    description: 'Cancelled orders and why.',
    financial: false,
    hasBasis: false,
  },
  'lead-sources': {
    title: 'Lead sources',
    description: 'Where bookings come from, calls and texts included: calls → quotes → bookings.',
    financial: false,
    hasBasis: false,
  },
  deliveries: {
    title: 'Deliveries',
    description: 'Stops, on-time rate and miles planned.',
    financial: false,
    hasBasis: false,
  },
};

/** What seeing a report takes: `reports.read`, and `reports.financial` for money reports. */
export function reportPermissions(key: ReportKey): Permission[] {
  return REPORT_INFO[key].financial ? ['reports.read', 'reports.financial'] : ['reports.read'];
}

/** The longest range a report covers: three years. */
export const REPORT_MAX_DAYS = 3 * 366;

const isoDay = (what: string) => z.iso.date({ error: `Enter ${what} as a date (YYYY-MM-DD)` });

/**
 * GET /api/reports/{key} and /api/reports/{key}/csv: the days `from` to `to`, both included,
 * in the account's time zone (a payment at 11 pm local on the 31st belongs to the 31st). With
 * neither, this month to today.
 */
export const reportQuerySchema = z
  .object({
    from: isoDay('the first day').optional(),
    to: isoDay('the last day').optional(),
    basis: z.enum(REPORT_BASES, { error: 'Choose accrual or cash' }).default('accrual'),
    /** Utilisation: one row per product or per category. */
    groupBy: z
      .enum(['product', 'category'], { error: 'Choose product or category' })
      .default('product'),
  })
  .superRefine((value, ctx) => {
    if ((value.from === undefined) !== (value.to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.from === undefined ? 'from' : 'to'],
        message: 'Give both the first and the last day',
      });
      return;
    }
    if (value.from && value.to) {
      const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
      if (days < 0)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: 'The last day must not be before the first',
        });
      else if (days >= REPORT_MAX_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: 'A report covers at most three years',
        });
    }
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** How a figure reads: money in minor units, a count, a percentage (0–100), days. */
export const REPORT_FORMATS = ['text', 'money', 'count', 'percent', 'days', 'date'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const reportFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(REPORT_FORMATS),
  value: z.number(),
  /** The same figure over the previous period of the same length (null: no comparison). */
  previous: z.number().nullable(),
});
export type ReportFigure = z.output<typeof reportFigureSchema>;

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(REPORT_FORMATS),
  /** The row's id to link this column's cell to: an order or a product. */
  link: z.enum(['order', 'product', 'customer']).optional(),
});
export type ReportColumn = z.output<typeof reportColumnSchema>;

export const reportRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type ReportRow = z.output<typeof reportRowSchema>;

export const reportChartSchema = z.object({
  kind: z.enum(['bar', 'line']),
  format: z.enum(REPORT_FORMATS),
  series: z.array(z.object({ key: z.string(), label: z.string() })),
  /** One point per day, week, month or category, in order. */
  points: z.array(z.object({ label: z.string(), values: z.record(z.string(), z.number()) })),
});
export type ReportChart = z.output<typeof reportChartSchema>;

export const reportResponseSchema = z.object({
  key: reportKeySchema,
  title: z.string(),
  range: z.object({ from: z.string(), to: z.string() }),
  previousRange: z.object({ from: z.string(), to: z.string() }),
  basis: z.enum(REPORT_BASES).nullable(),
  /** How the figures are counted, in words (the basis, "as of" the last day, …). */
  basisLabel: z.string().nullable(),
  currency: z.string(),
  summary: z.array(reportFigureSchema),
  chart: reportChartSchema.nullable(),
  columns: z.array(reportColumnSchema),
  rows: z.array(reportRowSchema),
  /** More rows than shown: the CSV export has them all. */
  truncated: z.boolean(),
  /** When the report's data source is not built yet, what it will show, instead of numbers. */
  notBuilt: z.string().nullable(),
});
export type ReportResponse = z.output<typeof reportResponseSchema>;

/** GET /api/reports: the reports this member may open. */
export const reportListResponseSchema = z.object({
  reports: z.array(
    z.object({
      key: reportKeySchema,
      title: z.string(),
      description: z.string(),
      financial: z.boolean(),
      hasBasis: z.boolean(),
    }),
  ),
});
export type ReportListResponse = z.output<typeof reportListResponseSchema>;

/** The most rows a report's JSON answer carries; the CSV export streams every row. */
export const REPORT_ROWS_SHOWN = 500;
