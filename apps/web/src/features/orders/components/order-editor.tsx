import { useNavigate } from '@tanstack/react-router';
import {
  can,
  FULFILMENT_LABELS,
  FULFILMENTS,
  type Order,
  orderAddressInputSchema,
  timeWindowSchema,
} from '@tentpole/domain';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { PinMap, pinFromText } from '@/components/map/pin-map';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useAccountFormat } from '@/lib/account-format';
import {
  type EditorQuestion,
  OrderSaveError,
  useLineAvailability,
  useOrderPreview,
  useSaveOrder,
  useSurfaces,
} from '../api/order-editor-api';
import {
  type EditorValues,
  editorValuesOf,
  instantOf,
  newEditorValues,
  orderBodyOf,
  orderPatchOf,
  pricedAdjustmentsOf,
} from '../lib/order-editor-values';
import { EditorAdjustments } from './editor-adjustments';
import { EditorCustomerPicker } from './editor-customer-picker';
import { EditorLines } from './editor-lines';
import { EditorTotals } from './editor-totals';
import { StockRefusal } from './stock-refusal';

/** The value after it has stopped changing for `ms`: one price question per pause in typing. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function Field({
  label,
  optional,
  error,
  children,
  className,
}: {
  label: string;
  optional?: boolean;
  error?: string;
  className?: string;
  children: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className ?? 'grid content-start gap-1.5'}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * §7.1: what the price needs to include the delivery fee: the fulfilment, and the address and
 * window once they read as whole ones (a half-typed address is left out rather than refused).
 */
function deliveryQuestionOf(values: EditorValues) {
  // Only the address and window are read: the amounts' format does not matter here.
  const body = orderBodyOf(values);
  const address = orderAddressInputSchema.safeParse(body.address);
  const window = timeWindowSchema.safeParse(body.deliveryWindow);
  return {
    fulfilment: values.fulfilment,
    address: address.success ? address.data : null,
    deliveryWindow: window.success ? window.data : null,
  };
}

/** The server's field names as the editor's; `lines.0.productId` goes to the items. */
function fieldOf(key: string): string {
  if (key.startsWith('lines')) return 'lines';
  if (key.startsWith('address.')) return key;
  if (key.startsWith('deliveryWindow')) return 'deliveryWindow';
  if (key.startsWith('pickupWindow')) return 'pickupWindow';
  if (key.startsWith('notes')) return 'notes';
  if (key.startsWith('fees')) return 'fees';
  if (key.startsWith('discounts')) return 'discounts';
  return key;
}

/**
 * §4 order editor: customer (picked, or made here), the event's dates and times, fulfilment,
 * address and surface, delivery and pickup windows, the items with their price and stock as you
 * type, damage waiver, tax exemption, notes, tags and referral source; the totals always in
 * view. Saving a holding order re-checks stock and explains a shortage with the orders holding it.
 */
export function OrderEditor({
  order,
  initialCustomer,
  initialReferralSource,
}: {
  order?: Order;
  initialCustomer?: { id: string; name: string } | null;
  /** A new order's referral source, e.g. 'Phone call' when it starts on a call (issue 24). */
  initialReferralSource?: string | undefined;
}) {
  const format = useAccountFormat();
  const { money } = format;
  const navigate = useNavigate();
  const { user } = useAuthenticatedSession();
  const initial = useMemo(
    () =>
      order
        ? editorValuesOf(order, format)
        : {
            ...newEditorValues(),
            customer: initialCustomer ?? null,
            referralSource: initialReferralSource ?? '',
          },
    [order, initialCustomer, initialReferralSource, format],
  );
  // The form keeps what is typed: an order changing meanwhile (live updates) does not reset it.
  const [values, setValues] = useState<EditorValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveOrder(order?.id);
  const surfaces = useSurfaces();
  const set = <K extends keyof EditorValues>(key: K, value: EditorValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const eventStart = instantOf(values.startDate, values.startTime);
  const eventEnd = instantOf(values.endDate, values.endTime);
  const question: EditorQuestion | null =
    eventStart && eventEnd && Date.parse(eventEnd) > Date.parse(eventStart)
      ? {
          eventStart,
          eventEnd,
          surfaceId: values.surfaceId || null,
          lines: values.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          damageWaiver: values.damageWaiver,
          taxExempt: values.taxExempt,
          couponCode: values.couponCode.trim() || null,
          ...pricedAdjustmentsOf(values, format),
          ...deliveryQuestionOf(values),
          customerId: values.customer?.id ?? null,
          ...(order ? { excludeOrderId: order.id, orderId: order.id } : {}),
        }
      : null;
  const asked = useSettled(question, 200);
  const preview = useOrderPreview(asked);
  const availability = useLineAvailability(asked);
  const datesError =
    eventStart && eventEnd && Date.parse(eventEnd) <= Date.parse(eventStart)
      ? 'The event must end after it starts'
      : undefined;
  const refused = save.error instanceof OrderSaveError ? save.error : null;

  const submit = () => {
    const missing: Record<string, string> = {};
    if (!values.customer) missing.customerId = 'Choose a customer';
    if (!eventStart) missing.eventStart = 'Enter when the event starts';
    if (!eventEnd) missing.eventEnd = 'Enter when the event ends';
    if (datesError) missing.eventEnd = datesError;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const body = order ? orderPatchOf(initial, values, format) : orderBodyOf(values, format);
    save.mutate(body, {
      onSuccess: (saved) =>
        void navigate({ to: '/orders/$orderId', params: { orderId: saved.id } }),
      onError: (error) => {
        if (!(error instanceof OrderSaveError)) return;
        const mapped: Record<string, string> = {};
        for (const [key, messages] of Object.entries(error.fields)) {
          const name = fieldOf(key);
          if (!mapped[name] && messages[0]) mapped[name] = messages[0];
        }
        setErrors(mapped);
      },
    });
  };

  const timeField = (
    label: string,
    key: 'startTime' | 'endTime' | 'deliveryFrom' | 'deliveryTo' | 'pickupFrom' | 'pickupTo',
    error?: string,
    optional?: boolean,
  ) => (
    <Field label={label} error={error} optional={optional}>
      {(props) => (
        <Input
          {...props}
          type="time"
          value={values[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );
  const addressField = (label: string, key: keyof EditorValues['address'], optional?: boolean) => (
    <Field label={label} optional={optional} error={errors[`address.${key}`]}>
      {(props) => (
        <Input
          {...props}
          value={values.address[key]}
          autoComplete={
            {
              line1: 'address-line1',
              line2: 'address-line2',
              city: 'address-level2',
              region: 'address-level1',
              postalCode: 'postal-code',
            }[key]
          }
          onChange={(event) =>
            setValues((v) => ({ ...v, address: { ...v.address, [key]: event.target.value } }))
          }
        />
      )}
    </Field>
  );

  return (
    <form
      aria-label={order ? `Edit order #${order.number}` : 'New order'}
      className="mx-auto grid max-w-7xl min-w-0 gap-5 pb-24 lg:pb-0"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h1 className="text-2xl font-semibold tracking-tight">
        {order ? `Edit order #${order.number}` : 'New order'}
      </h1>
      <div className="grid min-w-0 gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-5">
          <Section title="Customer and event">
            <EditorCustomerPicker
              value={values.customer}
              onChange={(customer) => set('customer', customer)}
              error={errors.customerId}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Starts on" error={errors.eventStart}>
                {(props) => (
                  <Input
                    {...props}
                    type="date"
                    value={values.startDate}
                    onChange={(event) => {
                      const startDate = event.target.value;
                      // The end moves with the start while it was the same day.
                      setValues((v) => ({
                        ...v,
                        startDate,
                        endDate: v.endDate === v.startDate ? startDate : v.endDate,
                      }));
                    }}
                  />
                )}
              </Field>
              {timeField('Start time', 'startTime')}
              <Field label="Ends on" error={errors.eventEnd ?? datesError}>
                {(props) => (
                  <Input
                    {...props}
                    type="date"
                    value={values.endDate}
                    onChange={(event) => set('endDate', event.target.value)}
                  />
                )}
              </Field>
              {timeField('End time', 'endTime')}
            </div>
            {(preview.data?.bookingRules ?? []).length > 0 && (
              <ul
                aria-label="Booking rules"
                className="grid gap-1 text-sm text-amber-800 dark:text-amber-300"
              >
                {preview.data?.bookingRules.map((rule) => (
                  <li key={rule}>{`${rule}: booking it needs permission to override.`}</li>
                ))}
              </ul>
            )}
            {(preview.data?.blackouts ?? []).length > 0 && (
              <ul
                aria-label="Blackouts"
                className="grid gap-1 text-sm text-amber-800 dark:text-amber-300"
              >
                {preview.data?.blackouts.map((b) => (
                  <li key={`${b.name}-${b.days.join()}`} className="wrap-anywhere">
                    {b.kind === 'hard'
                      ? `${b.name} blacks out ${b.days.join(', ')}: booking it needs permission to override.`
                      : `${b.name}: the online store is closed on ${b.days.join(', ')}.`}
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section title="Items">
            <EditorLines
              lines={values.lines}
              onChange={(lines) => set('lines', lines)}
              preview={preview.data}
              availability={availability.data}
              error={errors.lines}
            />
          </Section>

          <Section title="Where">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Fulfilment</legend>
              <div className="flex flex-wrap gap-4">
                {FULFILMENTS.map((f) => (
                  <label key={f} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="fulfilment"
                      value={f}
                      checked={values.fulfilment === f}
                      onChange={() => set('fulfilment', f)}
                      className="size-4 accent-primary"
                    />
                    {FULFILMENT_LABELS[f]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              {addressField('Street address', 'line1')}
              {addressField('Apartment, suite, gate', 'line2', true)}
              {addressField('City', 'city')}
              {addressField('State', 'region')}
              {addressField('ZIP code', 'postalCode')}
              <Field label="Setup surface" optional error={errors.surfaceId}>
                {(props) => (
                  <NativeSelect
                    {...props}
                    value={values.surfaceId}
                    onChange={(event) => set('surfaceId', event.target.value)}
                  >
                    <option value="">Not known yet</option>
                    {(surfaces.data?.surfaces ?? []).map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field label="Pin: latitude" optional error={errors['address.lat']}>
                {(props) => (
                  <Input
                    {...props}
                    inputMode="decimal"
                    value={values.lat}
                    onChange={(event) => set('lat', event.target.value)}
                  />
                )}
              </Field>
              <Field label="Pin: longitude" optional error={errors['address.lng']}>
                {(props) => (
                  <Input
                    {...props}
                    inputMode="decimal"
                    value={values.lng}
                    onChange={(event) => set('lng', event.target.value)}
                  />
                )}
              </Field>
            </div>
            {values.fulfilment === 'delivery' && (
              <PinMap
                place="the party’s address"
                pin={pinFromText(values.lat, values.lng)}
                found={preview.data?.delivery?.at ?? null}
                onPin={(pin) =>
                  setValues((v) => ({
                    ...v,
                    lat: pin ? String(pin.lat) : '',
                    lng: pin ? String(pin.lng) : '',
                  }))
                }
              />
            )}
            {values.fulfilment === 'delivery' && preview.data?.delivery && (
              <p
                className={
                  preview.data.delivery.ok
                    ? 'text-sm text-muted-foreground wrap-anywhere'
                    : 'text-sm text-amber-800 dark:text-amber-300 wrap-anywhere'
                }
              >
                {preview.data.delivery.ok
                  ? `Delivery fee ${money(preview.data.delivery.amount)}: ${preview.data.delivery.explanation}`
                  : `No delivery fee: ${preview.data.delivery.message}`}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              {timeField('Delivery window from', 'deliveryFrom', errors.deliveryWindow, true)}
              {timeField('Delivery window to', 'deliveryTo', undefined, true)}
              {timeField('Pickup window from', 'pickupFrom', errors.pickupWindow, true)}
              {timeField('Pickup window to', 'pickupTo', undefined, true)}
            </div>
          </Section>

          <Section title="Fees and discounts">
            <EditorAdjustments
              fees={values.fees}
              discounts={values.discounts}
              onFees={(fees) => set('fees', fees)}
              onDiscounts={(discounts) => set('discounts', discounts)}
              mayDiscount={can(user.roles, 'order.override')}
              feesError={errors.fees}
              discountsError={errors.discounts}
            />
          </Section>

          <Section title="Options and notes">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={values.damageWaiver}
                onChange={(event) => set('damageWaiver', event.target.checked)}
                className="size-4 accent-primary"
              />
              Damage waiver
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={values.taxExempt}
                onChange={(event) => set('taxExempt', event.target.checked)}
                className="size-4 accent-primary"
              />
              Tax exempt (the customer’s certificate is on file)
            </label>
            <Field
              label="Coupon code"
              optional
              className="grid content-start gap-1.5 sm:max-w-xs"
              error={
                errors.couponCode ??
                (values.couponCode.trim() ? preview.data?.couponError : null) ??
                undefined
              }
            >
              {(props) => (
                <Input
                  {...props}
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  value={values.couponCode}
                  onChange={(event) => set('couponCode', event.target.value)}
                />
              )}
            </Field>
            {preview.data?.coupon && values.couponCode.trim() && (
              <p className="-mt-2 text-sm text-muted-foreground" role="status">
                {`${preview.data.coupon.code} applied: ${money(-preview.data.totals.couponDiscount)}`}
                {preview.data.coupon.description ? ` (${preview.data.coupon.description})` : ''}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Note for the customer" optional error={errors.notes}>
                {(props) => (
                  <Textarea
                    {...props}
                    value={values.customerNote}
                    onChange={(event) => set('customerNote', event.target.value)}
                  />
                )}
              </Field>
              <Field label="Internal note" optional>
                {(props) => (
                  <Textarea
                    {...props}
                    value={values.internalNote}
                    onChange={(event) => set('internalNote', event.target.value)}
                  />
                )}
              </Field>
              <Field label="Tags" optional error={errors.tags}>
                {(props) => (
                  <Input
                    {...props}
                    placeholder="vip, school, repeat"
                    value={values.tags}
                    onChange={(event) => set('tags', event.target.value)}
                  />
                )}
              </Field>
              <Field label="Referral source" optional error={errors.referralSource}>
                {(props) => (
                  <Input
                    {...props}
                    placeholder="Google, a friend, a phone call"
                    value={values.referralSource}
                    onChange={(event) => set('referralSource', event.target.value)}
                  />
                )}
              </Field>
            </div>
          </Section>

          {refused && (
            <StockRefusal
              message={refused.message}
              shortages={refused.shortages}
              nameOf={(id) => values.lines.find((l) => l.productId === id)?.name}
            />
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {order ? 'Save changes' : 'Create order'}
            </Button>
            <Button type="button" variant="ghost" onClick={() => window.history.back()}>
              Cancel
            </Button>
          </div>
        </div>
        <EditorTotals
          preview={preview.data}
          updating={preview.isFetching || availability.isFetching}
          error={preview.isError ? preview.error.message : null}
        />
      </div>
    </form>
  );
}
