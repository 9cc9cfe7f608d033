import {
  DEFAULT_LOCALE_FORMAT,
  type Fulfilment,
  type Order,
  type OrderInput,
  type OrderPatch,
} from '@tentpole/domain';
import { moneyInputText, parseMoneyInput } from '@/components/form/parse-money-input';

/**
 * How the account types money (decision 0055): its currency's minor units and its locale's
 * decimal separator ('12,50' in de-DE). The spec's en-US in US dollars when not given.
 */
export type MoneyInputFormat = { locale: string; currency: string };
const US: MoneyInputFormat = DEFAULT_LOCALE_FORMAT;

/** The editor's state: what the form shows, in the browser's local date and time. */
export type EditorValues = {
  customer: { id: string; name: string } | null;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  fulfilment: Fulfilment;
  address: { line1: string; line2: string; city: string; region: string; postalCode: string };
  lat: string;
  lng: string;
  surfaceId: string;
  deliveryFrom: string;
  deliveryTo: string;
  pickupFrom: string;
  pickupTo: string;
  lines: { productId: string; name: string; quantity: number }[];
  damageWaiver: boolean;
  taxExempt: boolean;
  /** §9: the coupon typed in, as the customer gave it. */
  couponCode: string;
  /** §4: fees staff add by hand, and manual discounts; amounts as typed. */
  fees: { description: string; amount: string; taxable: boolean }[];
  discounts: { description: string; amount: string }[];
  internalNote: string;
  customerNote: string;
  tags: string;
  referralSource: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the browser's local date and time for the date and time inputs. */
export function localParts(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/** A local date and time as an ISO instant; null while either is incomplete. */
export function instantOf(date: string, time: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const value = new Date(
    Number(day[1]),
    Number(day[2]) - 1,
    Number(day[3]),
    Number(clock[1]),
    Number(clock[2]),
  );
  return Number.isNaN(value.getTime()) ? null : value.toISOString();
}

/** A new order: tomorrow, 10 am to 6 pm, delivered, the damage waiver kept (§2). */
export function newEditorValues(now = new Date()): EditorValues {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const date = localParts(tomorrow.toISOString()).date;
  return {
    customer: null,
    startDate: date,
    startTime: '10:00',
    endDate: date,
    endTime: '18:00',
    fulfilment: 'delivery',
    address: { line1: '', line2: '', city: '', region: '', postalCode: '' },
    lat: '',
    lng: '',
    surfaceId: '',
    deliveryFrom: '',
    deliveryTo: '',
    pickupFrom: '',
    pickupTo: '',
    lines: [],
    damageWaiver: true,
    taxExempt: false,
    couponCode: '',
    fees: [],
    discounts: [],
    internalNote: '',
    customerNote: '',
    tags: '',
    referralSource: '',
  };
}

/** An order as the editor shows it. */
export function editorValuesOf(order: Order, format: MoneyInputFormat = US): EditorValues {
  const start = localParts(order.eventStart);
  const end = localParts(order.eventEnd);
  const time = (iso: string | undefined) => (iso ? localParts(iso).time : '');
  return {
    customer: order.customer,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    fulfilment: order.fulfilment,
    address: {
      line1: order.address?.line1 ?? '',
      line2: order.address?.line2 ?? '',
      city: order.address?.city ?? '',
      region: order.address?.region ?? '',
      postalCode: order.address?.postalCode ?? '',
    },
    lat: order.address?.lat?.toString() ?? '',
    lng: order.address?.lng?.toString() ?? '',
    surfaceId: order.surfaceId ?? '',
    deliveryFrom: time(order.deliveryWindow?.start),
    deliveryTo: time(order.deliveryWindow?.end),
    pickupFrom: time(order.pickupWindow?.start),
    pickupTo: time(order.pickupWindow?.end),
    lines: order.lines
      .filter((l) => l.kind === 'product' && l.productId)
      .map((l) => ({
        productId: l.productId as string,
        name: l.description,
        quantity: l.quantity,
      })),
    damageWaiver: order.damageWaiver,
    taxExempt: order.taxExempt,
    couponCode: order.couponCode ?? '',
    fees: order.lines
      .filter((l) => l.kind === 'fee' && l.custom)
      .map((l) => ({
        description: l.description,
        amount: moneyInputText(l.amount, format.currency, format.locale),
        taxable: l.taxable ?? true,
      })),
    discounts: order.lines
      .filter((l) => l.kind === 'discount' && l.custom)
      .map((l) => ({
        description: l.description,
        amount: moneyInputText(Math.abs(l.amount), format.currency, format.locale),
      })),
    internalNote: order.notes.internal ?? '',
    customerNote: order.notes.customer ?? '',
    tags: order.tags.join(', '),
    referralSource: order.referralSource ?? '',
  };
}

const window = (date: string, from: string, to: string) => {
  const start = instantOf(date, from);
  const end = instantOf(date, to);
  return start && end ? { start, end } : null;
};

/** An amount as typed, in cents; what does not read as one is NaN, which the server refuses. */
const centsOf = (text: string, format: MoneyInputFormat) =>
  parseMoneyInput(text, format.currency, format.locale) ?? Number.NaN;

/** The fees and discounts as the API takes them. */
export function adjustmentsOf(
  values: Pick<EditorValues, 'fees' | 'discounts'>,
  format: MoneyInputFormat = US,
) {
  return {
    fees: values.fees.map((f) => ({
      description: f.description.trim(),
      amount: centsOf(f.amount, format),
      taxable: f.taxable,
    })),
    discounts: values.discounts.map((d) => ({
      description: d.description.trim(),
      amount: centsOf(d.amount, format),
    })),
  };
}

/** Only the fees and discounts complete enough to price (the preview's question). */
export function pricedAdjustmentsOf(
  values: Pick<EditorValues, 'fees' | 'discounts'>,
  format: MoneyInputFormat = US,
) {
  const { fees, discounts } = adjustmentsOf(values, format);
  const complete = (a: { description: string; amount: number }) =>
    a.description !== '' && Number.isSafeInteger(a.amount) && a.amount > 0;
  return { fees: fees.filter(complete), discounts: discounts.filter(complete) };
}

/** The body the API takes for these values (POST /api/orders). */
export function orderBodyOf(values: EditorValues, format: MoneyInputFormat = US): OrderInput {
  const a = values.address;
  const hasAddress = [a.line1, a.city, a.region, a.postalCode].some((v) => v.trim() !== '');
  const number = (v: string) => (v.trim() === '' ? null : Number(v));
  return {
    customerId: values.customer?.id ?? '',
    eventStart: instantOf(values.startDate, values.startTime) ?? '',
    eventEnd: instantOf(values.endDate, values.endTime) ?? '',
    fulfilment: values.fulfilment,
    address: hasAddress
      ? {
          line1: a.line1,
          line2: a.line2 || null,
          city: a.city,
          region: a.region,
          postalCode: a.postalCode,
          lat: number(values.lat),
          lng: number(values.lng),
        }
      : null,
    surfaceId: values.surfaceId || null,
    deliveryWindow: window(values.startDate, values.deliveryFrom, values.deliveryTo),
    pickupWindow: window(values.endDate, values.pickupFrom, values.pickupTo),
    lines: values.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    damageWaiver: values.damageWaiver,
    taxExempt: values.taxExempt,
    couponCode: values.couponCode.trim() || null,
    ...adjustmentsOf(values, format),
    notes: { internal: values.internalNote || null, customer: values.customerNote || null },
    tags: values.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    referralSource: values.referralSource || null,
  };
}

/** Only what changed from `before`, for PATCH /api/orders/{id}. */
export function orderPatchOf(
  before: EditorValues,
  after: EditorValues,
  format: MoneyInputFormat = US,
): OrderPatch {
  const a = orderBodyOf(before, format) as Record<string, unknown>;
  const b = orderBodyOf(after, format) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(b))
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) patch[key] = b[key];
  return patch as OrderPatch;
}
