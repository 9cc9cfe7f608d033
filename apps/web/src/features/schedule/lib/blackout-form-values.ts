import {
  type Blackout,
  type BlackoutInput,
  type BlackoutKind,
  type BlackoutScope,
  RULE_WEEKDAYS,
  type RuleWeekday,
} from '@tentpole/domain';

/** The dialog's "Repeats" choice; a rule the first three cannot show is custom text. */
export const REPEAT_CHOICES = ['never', 'weekly', 'yearly', 'custom'] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];
export const REPEAT_CHOICE_LABELS: Readonly<Record<RepeatChoice, string>> = {
  never: 'Never',
  weekly: 'Every week on these days',
  yearly: 'Every year',
  custom: 'Custom rule',
};

export type BlackoutFormValues = {
  name: string;
  scope: BlackoutScope;
  categoryIds: string[];
  productIds: string[];
  kind: BlackoutKind;
  startDate: string;
  endDate: string;
  repeats: RepeatChoice;
  weekdays: RuleWeekday[];
  customRule: string;
  until: string;
};

const WEEKLY = /^FREQ=WEEKLY;BYDAY=((?:MO|TU|WE|TH|FR|SA|SU)(?:,(?:MO|TU|WE|TH|FR|SA|SU))*)$/;

/** The yearly rule the dialog writes: the first day's month and date, every year. */
export function yearlyRule(startDate: string): string {
  return `FREQ=YEARLY;BYMONTH=${Number(startDate.slice(5, 7))};BYMONTHDAY=${Number(startDate.slice(8, 10))}`;
}

/** How the dialog shows a stored rule: as one of its choices where it is one, else as text. */
export function repeatChoiceOf(
  rrule: string | null,
  startDate: string,
): Pick<BlackoutFormValues, 'repeats' | 'weekdays' | 'customRule'> {
  if (rrule === null) return { repeats: 'never', weekdays: [], customRule: '' };
  const weekly = WEEKLY.exec(rrule);
  if (weekly?.[1])
    return {
      repeats: 'weekly',
      weekdays: RULE_WEEKDAYS.filter((d) => weekly[1]?.split(',').includes(d)),
      customRule: '',
    };
  if (rrule === 'FREQ=YEARLY' || rrule === yearlyRule(startDate))
    return { repeats: 'yearly', weekdays: [], customRule: '' };
  return { repeats: 'custom', weekdays: [], customRule: rrule };
}

/** The form for a blackout, or a new one: the whole business, no bookings, once. */
export function blackoutFormValues(blackout?: Blackout): BlackoutFormValues {
  const startDate = blackout?.startDate ?? '';
  return {
    name: blackout?.name ?? '',
    scope: blackout?.scope ?? 'business',
    categoryIds: blackout?.scope === 'category' ? blackout.targetIds : [],
    productIds: blackout?.scope === 'product' ? blackout.targetIds : [],
    kind: blackout?.kind ?? 'hard',
    startDate,
    endDate: blackout?.endDate ?? '',
    ...repeatChoiceOf(blackout?.rrule ?? null, startDate),
    until: blackout?.until ?? '',
  };
}

/** The rule for the choice; null for a one-off blackout. An empty choice of days is sent as such. */
export function rruleOf(values: BlackoutFormValues): string | null {
  switch (values.repeats) {
    case 'never':
      return null;
    case 'weekly':
      return `FREQ=WEEKLY;BYDAY=${RULE_WEEKDAYS.filter((d) => values.weekdays.includes(d)).join(',')}`;
    case 'yearly':
      return /^\d{4}-\d{2}-\d{2}$/.test(values.startDate)
        ? yearlyRule(values.startDate)
        : 'FREQ=YEARLY';
    case 'custom':
      return values.customRule;
  }
}

/** The API's input for the form: the targets of the chosen scope, a last day of the first if empty. */
export function blackoutInputOf(values: BlackoutFormValues): BlackoutInput {
  const rrule = rruleOf(values);
  return {
    name: values.name,
    scope: values.scope,
    targetIds:
      values.scope === 'category'
        ? values.categoryIds
        : values.scope === 'product'
          ? values.productIds
          : [],
    kind: values.kind,
    startDate: values.startDate,
    endDate: values.endDate === '' ? values.startDate : values.endDate,
    rrule,
    until: rrule && values.until !== '' ? values.until : null,
  };
}

/** Where the dialog shows a server or schema error about an input field. */
export function blackoutFormField(key: string): keyof BlackoutFormValues | null {
  switch (key) {
    case 'name':
    case 'kind':
    case 'scope':
    case 'startDate':
    case 'endDate':
    case 'until':
      return key;
    case 'targetIds':
      return 'scope';
    case 'rrule':
      return 'repeats';
    default:
      return null;
  }
}
