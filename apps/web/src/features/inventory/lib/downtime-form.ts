import { type DowntimeReason, downtimeInputSchema } from '@tentpole/domain';
import { z } from 'zod';

/** The downtime form's values: times as a datetime-local box holds them, in the viewer's zone. */
export type DowntimeFormValues = {
  quantity: number;
  /** A serialized product's unit, or '' for a quantity of any units. */
  unitId: string;
  reason: DowntimeReason;
  from: string;
  until: string;
  hard: boolean;
  note: string;
};

/** A datetime-local value ('2026-06-05T09:00', the viewer's time) as an ISO instant, or ''. */
export function localToIso(local: string): string {
  if (local === '') return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** An instant as a datetime-local box shows it, to the minute, in the viewer's time zone. */
export function isoToLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function downtimeFormDefaults(now: Date = new Date()): DowntimeFormValues {
  return {
    quantity: 1,
    unitId: '',
    reason: 'repair',
    from: isoToLocal(now),
    until: '',
    hard: true,
    note: '',
  };
}

/**
 * The form's values checked as the API's downtime input (domain schema, so its messages are
 * the server's): one unit is a quantity of one; an empty until is open-ended.
 */
export const downtimeFormSchema = z
  .custom<DowntimeFormValues>()
  .transform(
    (values): z.input<typeof downtimeInputSchema> => ({
      quantity: values.unitId ? 1 : values.quantity,
      unitId: values.unitId || null,
      reason: values.reason,
      from: localToIso(values.from),
      until: values.until === '' ? null : localToIso(values.until),
      hard: values.hard,
      note: values.note,
    }),
  )
  .pipe(downtimeInputSchema);
