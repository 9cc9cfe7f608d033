import {
  DEFAULT_CURRENCY,
  DELIVERY_METHODS,
  type DeliveryMethod,
  type DeliveryQuoteRequest,
  type DeliverySettings,
} from '@tentpole/domain';
import { type FormEvent, useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAccountFormat } from '@/lib/account-format';
import { ApiError } from '@/lib/api-client';
import { useQuoteDelivery } from '../api/quote-delivery';
import { quoteDistanceText, quoteHeadline, quotePlaceText } from '../lib/format-quote';

type TryValues = {
  method: DeliveryMethod;
  line1: string;
  city: string;
  region: string;
  postalCode: string;
  lat: string;
  lng: string;
  windowStart: string;
  windowEnd: string;
};

const EMPTY: TryValues = {
  method: 'staffed',
  line1: '',
  city: '',
  region: '',
  postalCode: '',
  lat: '',
  lng: '',
  windowStart: '',
  windowEnd: '',
};

/** A time today, in this browser's time zone, as an instant. */
function today(time: string): string {
  const now = new Date();
  const [h = 0, m = 0] = time.split(':').map(Number);
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), h, m).toISOString();
}

export function quoteRequestOf(values: TryValues): DeliveryQuoteRequest {
  const number = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  return {
    method: values.method,
    address: {
      line1: values.line1,
      city: values.city,
      region: values.region,
      postalCode: values.postalCode,
      lat: number(values.lat),
      lng: number(values.lng),
    },
    window:
      values.windowStart && values.windowEnd
        ? { start: today(values.windowStart), end: today(values.windowEnd) }
        : null,
  };
}

/** "Try an address": the fee the order editor would get for it, with how it was reached. */
export function QuoteTryBox({ settings }: { settings: DeliverySettings }) {
  const format = useAccountFormat();
  const { locale } = format;
  const quote = useQuoteDelivery();
  const [values, setValues] = useState<TryValues>(EMPTY);
  const set = (field: keyof TryValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const fields = quote.error instanceof ApiError ? (quote.error.body?.error.fields ?? {}) : {};
  const fieldError = (key: string) => fields[key]?.[0] ?? fields[`address.${key}`]?.[0];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    quote.mutate(quoteRequestOf(values));
  };

  const result = quote.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Try an address</CardTitle>
        <CardDescription>
          The fee an order to this address gets, with the saved rules.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Try an address" className="grid gap-4">
          <SelectField
            label="Method"
            value={values.method}
            onChange={set('method')}
            options={DELIVERY_METHODS.map((m) => ({ value: m, label: settings.methods[m].label }))}
          />
          <TextField
            label="Street address"
            optional
            value={values.line1}
            onChange={set('line1')}
            autoComplete="off"
          />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1.4fr_0.8fr_1fr]">
            <TextField
              label="City"
              optional
              value={values.city}
              onChange={set('city')}
              autoComplete="off"
              fieldClassName="col-span-2 sm:col-span-1"
            />
            <TextField
              label="State"
              optional
              value={values.region}
              onChange={set('region')}
              autoComplete="off"
            />
            <TextField
              label="ZIP code"
              value={values.postalCode}
              onChange={set('postalCode')}
              inputMode="numeric"
              autoComplete="off"
              error={fieldError('postalCode')}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Pin latitude"
              value={values.lat}
              onChange={set('lat')}
              inputMode="decimal"
              autoComplete="off"
              error={fieldError('lat')}
            />
            <TextField
              label="Pin longitude"
              value={values.lng}
              onChange={set('lng')}
              inputMode="decimal"
              autoComplete="off"
              error={fieldError('lng')}
            />
            <TextField
              label="Window from"
              type="time"
              value={values.windowStart}
              onChange={set('windowStart')}
            />
            <TextField
              label="Window to"
              type="time"
              value={values.windowEnd}
              onChange={set('windowEnd')}
              error={fieldError('window.end')}
            />
          </div>
          <p className="-mt-2 text-xs text-muted-foreground">
            Pin and window are optional: a pin wins over the address, a window adds its surcharges.
          </p>
          <div>
            <Button type="submit" disabled={quote.isPending} className="w-full sm:w-auto">
              {quote.isPending && <Spinner />}
              Get the fee
            </Button>
          </div>
        </form>
        <div aria-live="polite" className="mt-4 empty:hidden">
          {quote.isError && Object.keys(fields).length === 0 && (
            <p className="text-sm text-destructive">The fee could not be worked out. Try again.</p>
          )}
          {result && (
            <section
              aria-label="Delivery fee"
              className={`grid gap-1 rounded-md border p-3 ${result.ok ? 'border-primary/40 bg-primary/5' : 'border-destructive/40 bg-destructive/5'}`}
            >
              <p className="text-lg font-semibold tabular-nums">
                {quoteHeadline(result, DEFAULT_CURRENCY, format)}
              </p>
              <p className="text-sm wrap-anywhere">
                {result.ok ? result.explanation : result.message}
              </p>
              {[quoteDistanceText(result, locale), quotePlaceText(result)].map(
                (line) =>
                  line && (
                    <p key={line} className="text-xs text-muted-foreground">
                      {line}
                    </p>
                  ),
              )}
            </section>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
