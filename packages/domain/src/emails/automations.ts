import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../orders/order-status';
import { TEMPLATE_KEYS, type TemplateKey } from './message-templates';

/**
 * back-office spec §8 "Automations", shared by e-mail and text: a trigger, an offset, a
 * channel, a template, conditions, quiet hours in the account's timezone and a per-order mute.
 * Everything here is pure: when a message is due for an order, and whether it applies.
 */
export const AUTOMATION_TRIGGERS = [
  'quote_sent',
  'order_reserved',
  'order_confirmed',
  'balance_due',
  'before_event',
  'before_delivery',
  'delivered',
  'before_event_end',
  'before_pickup',
  'returned',
  'after_event',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

type TriggerInfo = {
  label: string;
  /** Sent before the moment (event start or end) or after it. */
  direction: 'before' | 'after';
  /** What the offset counts from, in words ("the event starts"). */
  moment: string;
  /** The statuses a new automation of this trigger applies to. */
  statuses: OrderStatus[];
};

export const AUTOMATION_TRIGGER_INFO: Readonly<Record<AutomationTrigger, TriggerInfo>> = {
  quote_sent: {
    label: 'Quote not accepted',
    direction: 'after',
    moment: 'the order became a quote',
    statuses: ['quote'],
  },
  order_reserved: {
    label: 'Order reserved',
    direction: 'after',
    moment: 'the order was reserved',
    statuses: ['reserved', 'confirmed'],
  },
  order_confirmed: {
    label: 'Deposit paid and signed (confirmed)',
    direction: 'after',
    moment: 'the order was confirmed',
    statuses: ['confirmed'],
  },
  balance_due: {
    label: 'Balance due',
    direction: 'before',
    moment: 'the event starts, while a balance is unpaid',
    statuses: ['reserved', 'confirmed'],
  },
  before_event: {
    label: 'Before the event',
    direction: 'before',
    moment: 'the event starts',
    statuses: ['reserved', 'confirmed'],
  },
  before_delivery: {
    label: 'Before the delivery',
    direction: 'before',
    moment: 'the delivery window starts',
    statuses: ['reserved', 'confirmed'],
  },
  delivered: {
    label: 'Delivered (out)',
    direction: 'after',
    moment: 'the order went out',
    statuses: ['out'],
  },
  before_event_end: {
    label: 'Before the rental ends (pickup)',
    direction: 'before',
    moment: 'the rental ends',
    statuses: ['confirmed', 'out'],
  },
  before_pickup: {
    label: 'Before the pickup',
    direction: 'before',
    moment: 'the pickup window starts',
    statuses: ['confirmed', 'out'],
  },
  returned: {
    label: 'Returned',
    direction: 'after',
    moment: 'the order was returned',
    statuses: ['returned', 'completed'],
  },
  after_event: {
    label: 'After the event',
    direction: 'after',
    moment: 'the event ends',
    statuses: ['out', 'returned', 'completed'],
  },
};

export const OFFSET_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
export type OffsetUnit = (typeof OFFSET_UNITS)[number];
export const CHANNELS = ['email', 'text'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Readonly<Record<Channel, string>> = { email: 'E-mail', text: 'Text' };
export const FULFILMENT_CONDITIONS = ['any', 'delivery', 'pickup'] as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const automationInputSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(80, 'Must be at most 80 characters'),
    trigger: z.enum(AUTOMATION_TRIGGERS, { error: 'Choose a trigger' }),
    offsetAmount: z
      .number({ error: 'Enter a number' })
      .int('Enter a whole number')
      .min(0, 'Cannot be negative')
      .max(999, 'Must be at most 999'),
    offsetUnit: z.enum(OFFSET_UNITS, { error: 'Choose a unit' }),
    atTime: z
      .string()
      .regex(TIME_OF_DAY, 'Enter a time as HH:MM')
      .nullish()
      .transform((v) => v ?? null),
    channel: z.enum(CHANNELS, { error: 'Choose e-mail or text' }),
    templateKey: z.enum(TEMPLATE_KEYS, { error: 'Choose a template' }),
    statuses: z
      .array(z.enum(ORDER_STATUSES))
      .min(1, 'Choose at least one status')
      .max(ORDER_STATUSES.length),
    fulfilment: z.enum(FULFILMENT_CONDITIONS).default('any'),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.offsetUnit === 'hours' && value.atTime)
      ctx.addIssue({
        code: 'custom',
        path: ['atTime'],
        message: 'A time of day goes with days, weeks or months, not hours',
      });
  });
export type AutomationInput = z.output<typeof automationInputSchema>;

export type AutomationRule = Pick<
  AutomationInput,
  | 'trigger'
  | 'offsetAmount'
  | 'offsetUnit'
  | 'atTime'
  | 'channel'
  | 'statuses'
  | 'fulfilment'
  | 'tags'
>;

/** What the engine knows of an order when it plans and sends. */
export type OrderFacts = {
  status: string;
  fulfilment: 'delivery' | 'pickup';
  tags: readonly string[];
  eventStart: Date;
  eventEnd: Date;
  /** The promised delivery and pickup windows' starts, when the order has them. */
  deliveryStart?: Date | null;
  pickupStart?: Date | null;
  /** When the order first entered each status (from its activity), if it did. */
  enteredAt: Partial<Record<OrderStatus, Date>>;
  balance: number;
};

const MOMENTS: Readonly<Record<AutomationTrigger, (f: OrderFacts) => Date | undefined>> = {
  quote_sent: (f) => f.enteredAt.quote,
  order_reserved: (f) => f.enteredAt.reserved,
  order_confirmed: (f) => f.enteredAt.confirmed,
  balance_due: (f) => f.eventStart,
  before_event: (f) => f.eventStart,
  before_delivery: (f) => f.deliveryStart ?? f.eventStart,
  delivered: (f) => f.enteredAt.out,
  before_event_end: (f) => f.eventEnd,
  before_pickup: (f) => f.pickupStart ?? f.eventEnd,
  returned: (f) => f.enteredAt.returned,
  after_event: (f) => f.eventEnd,
};

/**
 * When the automation's message is due for this order, or null when its moment has not come
 * (the order was never reserved…). Days, weeks and months count calendar days in the account's
 * timezone and keep the moment's local time, or take `atTime` ("18:00": the day before, at 6 pm).
 */
export function dueAt(rule: AutomationRule, facts: OrderFacts, timeZone: string): Date | null {
  const moment = MOMENTS[rule.trigger](facts);
  if (!moment) return null;
  const sign = AUTOMATION_TRIGGER_INFO[rule.trigger].direction === 'before' ? -1 : 1;
  if (rule.offsetUnit === 'hours')
    return new Date(moment.getTime() + sign * rule.offsetAmount * 3_600_000);
  const local = localParts(moment, timeZone);
  let { year, month, day } = local;
  if (rule.offsetUnit === 'months') {
    const total = year * 12 + (month - 1) + sign * rule.offsetAmount;
    year = Math.floor(total / 12);
    month = (total % 12) + 1;
    day = Math.min(day, daysInMonth(year, month));
  } else {
    const days = rule.offsetAmount * (rule.offsetUnit === 'weeks' ? 7 : 1);
    const shifted = new Date(Date.UTC(year, month - 1, day + sign * days));
    year = shifted.getUTCFullYear();
    month = shifted.getUTCMonth() + 1;
    day = shifted.getUTCDate();
  }
  const [hour, minute] = rule.atTime
    ? rule.atTime.split(':').map(Number)
    : [local.hour, local.minute];
  return zonedTime({ year, month, day, hour: hour ?? 0, minute: minute ?? 0 }, timeZone);
}

const DAY_MS = 86_400_000;
/** A calendar month's mean length: n months from a date land within a few days of n of these. */
const MEAN_MONTH_MS = 30.436_875 * DAY_MS;

/**
 * Whether `dueAt` could fall between `from` and `to`, decided without the timezone arithmetic
 * (a preview weighs every rule against a year of orders; `dueAt` formats dates four times).
 * False only when it certainly does not: the due time is the moment shifted by the offset, give
 * or take a day for the local date and `atTime`, an hour for DST and, for months, a month's
 * length against the mean (under three days) and a day clamped to a shorter month (three).
 */
export function dueMayFallWithin(
  rule: AutomationRule,
  facts: OrderFacts,
  from: Date,
  to: Date,
): boolean {
  const moment = MOMENTS[rule.trigger](facts);
  if (!moment) return false;
  const sign = AUTOMATION_TRIGGER_INFO[rule.trigger].direction === 'before' ? -1 : 1;
  const unit = { hours: 3_600_000, days: DAY_MS, weeks: 7 * DAY_MS, months: MEAN_MONTH_MS }[
    rule.offsetUnit
  ];
  const nominal = moment.getTime() + sign * rule.offsetAmount * unit;
  const slack =
    rule.offsetUnit === 'hours' ? 0 : rule.offsetUnit === 'months' ? 8 * DAY_MS : 2 * DAY_MS;
  return nominal + slack >= from.getTime() && nominal - slack <= to.getTime();
}

/** Whether the order is one the automation is for, as it stands now. */
export function appliesTo(rule: AutomationRule, facts: OrderFacts): boolean {
  if (!rule.statuses.includes(facts.status as OrderStatus)) return false;
  if (rule.fulfilment !== 'any' && rule.fulfilment !== facts.fulfilment) return false;
  if (rule.tags.length > 0 && !rule.tags.some((t) => facts.tags.includes(t))) return false;
  if (rule.trigger === 'balance_due' && facts.balance <= 0) return false;
  return true;
}

/** Quiet hours: no automated message goes out between start and end, local time. */
export type QuietHours = { start: string; end: string };
export const DEFAULT_QUIET_HOURS: QuietHours = { start: '21:00', end: '08:00' };

export const quietHoursSchema = z.object({
  start: z.string().regex(TIME_OF_DAY, 'Enter a time as HH:MM'),
  end: z.string().regex(TIME_OF_DAY, 'Enter a time as HH:MM'),
});

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The first moment at or after `instant` outside quiet hours: `instant` itself when it is
 * outside them, else the end of the quiet hours, in the account's timezone.
 */
export function outsideQuietHours(instant: Date, quiet: QuietHours, timeZone: string): Date {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return instant;
  const local = localParts(instant, timeZone);
  const now = local.hour * 60 + local.minute;
  const quietNow = start < end ? now >= start && now < end : now >= start || now < end;
  if (!quietNow) return instant;
  // Past midnight (or a same-day span): the end is today; in the evening part, tomorrow.
  const tomorrow = start > end && now >= start;
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + (tomorrow ? 1 : 0)));
  return zonedTime(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: Math.floor(end / 60),
      minute: end % 60,
    },
    timeZone,
  );
}

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of `instant` in `timeZone`. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
  };
}

/** The instant a wall-clock time in `timeZone` names (a time skipped by DST moves forward). */
export function zonedTime(local: LocalParts, timeZone: string): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const offsetAt = (instant: number) => {
    const p = localParts(new Date(instant), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - instant;
  };
  const first = wall - offsetAt(wall);
  const second = wall - offsetAt(first);
  const landed = localParts(new Date(second), timeZone);
  if (landed.hour === local.hour && landed.minute === local.minute) return new Date(second);
  // A wall time a DST jump skips (2:30 on the spring-forward night): the two guesses fall an
  // hour either side of it, and the later one is the time moved forward.
  return new Date(Math.max(first, second));
}

function daysInMonth(year: number, month: number) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export type DefaultAutomation = AutomationRule & {
  key: string;
  name: string;
  templateKey: TemplateKey;
};

/**
 * The automations a party-rental business starts with, enabled and editable (issue 21): the
 * seven of the issue, and the booking confirmation every anchor sends when an order is booked.
 */
export const DEFAULT_AUTOMATIONS: readonly DefaultAutomation[] = [
  {
    key: 'booking_confirmation',
    name: 'Booking confirmation',
    trigger: 'order_reserved',
    offsetAmount: 0,
    offsetUnit: 'hours',
    atTime: null,
    channel: 'email',
    templateKey: 'order_confirmed',
    statuses: ['reserved', 'confirmed'],
    fulfilment: 'any',
    tags: [],
  },
  {
    key: 'quote_follow_up',
    name: 'Quote follow-up',
    trigger: 'quote_sent',
    offsetAmount: 48,
    offsetUnit: 'hours',
    atTime: null,
    channel: 'email',
    templateKey: 'quote_follow_up',
    statuses: ['quote'],
    fulfilment: 'any',
    tags: [],
  },
  {
    key: 'deposit_received',
    name: 'Deposit received',
    trigger: 'order_confirmed',
    offsetAmount: 0,
    offsetUnit: 'hours',
    atTime: null,
    channel: 'email',
    templateKey: 'deposit_received',
    statuses: ['confirmed'],
    fulfilment: 'any',
    tags: [],
  },
  {
    key: 'balance_due',
    name: 'Balance due',
    trigger: 'balance_due',
    offsetAmount: 5,
    offsetUnit: 'days',
    atTime: '10:00',
    channel: 'email',
    templateKey: 'balance_due',
    statuses: ['reserved', 'confirmed'],
    fulfilment: 'any',
    tags: [],
  },
  {
    key: 'delivery_window',
    name: 'Day-before delivery window',
    trigger: 'before_delivery',
    offsetAmount: 1,
    offsetUnit: 'days',
    atTime: '18:00',
    channel: 'text',
    templateKey: 'delivery_window',
    statuses: ['reserved', 'confirmed'],
    fulfilment: 'delivery',
    tags: [],
  },
  {
    key: 'pickup_reminder',
    name: 'Pickup reminder',
    trigger: 'before_pickup',
    offsetAmount: 0,
    offsetUnit: 'days',
    atTime: '09:00',
    channel: 'text',
    templateKey: 'pickup_reminder',
    statuses: ['confirmed', 'out'],
    fulfilment: 'delivery',
    tags: [],
  },
  {
    key: 'thank_you',
    name: 'Thank-you with review link',
    trigger: 'after_event',
    offsetAmount: 1,
    offsetUnit: 'days',
    atTime: '10:00',
    channel: 'email',
    templateKey: 'thank_you',
    statuses: ['out', 'returned', 'completed'],
    fulfilment: 'any',
    tags: [],
  },
  {
    key: 'rebook',
    name: 'Rebook after 11 months',
    trigger: 'after_event',
    offsetAmount: 11,
    offsetUnit: 'months',
    atTime: '10:00',
    channel: 'email',
    templateKey: 'rebook',
    statuses: ['returned', 'completed'],
    fulfilment: 'any',
    tags: [],
  },
];

/** "2 days before the event starts, at 18:00" */
export function describeTiming(rule: AutomationRule): string {
  const info = AUTOMATION_TRIGGER_INFO[rule.trigger];
  const unit = rule.offsetAmount === 1 ? rule.offsetUnit.replace(/s$/, '') : rule.offsetUnit;
  const when =
    rule.offsetAmount === 0
      ? rule.offsetUnit === 'hours'
        ? `When ${info.moment}`
        : `On the day ${info.moment}`
      : `${rule.offsetAmount} ${unit} ${info.direction} ${info.moment}`;
  return rule.atTime && rule.offsetUnit !== 'hours' ? `${when}, at ${rule.atTime}` : when;
}
