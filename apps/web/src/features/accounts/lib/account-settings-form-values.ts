import type {
  AccountSettings,
  AccountSettingsInput,
  DamageWaiverMode,
  DepositMode,
} from '@tentpole/domain';
import { bpsToPercentText, percentToBps } from '@/components/form/percent-input';

/**
 * The account settings form's values: the settings as the boxes hold them. Percentages and
 * days are text (typed: '8.25' is 825 basis points), money is cents or null (the money field),
 * and the deposit keeps every mode's boxes so switching modes loses nothing typed.
 */
export type AccountSettingsFormValues = {
  name: string;
  timezone: string;
  currency: string;
  locale: string;
  business: {
    legalName: string;
    address: string;
    phone: string;
    email: string;
    website: string;
  };
  orders: {
    taxRate: string;
    taxDeliveryFees: boolean;
    taxSurfaceFees: boolean;
    taxDamageWaiver: boolean;
    deposit: {
      mode: DepositMode;
      amount: number | null;
      percent: string;
      minimum: number | null;
    };
    damageWaiver: { mode: DamageWaiverMode; percent: string };
  };
  documents: {
    terms: string;
    contractClauses: string;
    invoiceDueDays: string;
    numberPrefix: string;
  };
};

/** The form for the saved settings. */
export function accountSettingsFormValues(settings: AccountSettings): AccountSettingsFormValues {
  const { orders, documents } = settings;
  const deposit = orders.deposit;
  return {
    name: settings.name,
    timezone: settings.timezone,
    currency: settings.currency,
    locale: settings.locale,
    business: { ...settings.business },
    orders: {
      taxRate: bpsToPercentText(orders.taxRateBps),
      taxDeliveryFees: orders.taxDeliveryFees,
      taxSurfaceFees: orders.taxSurfaceFees,
      taxDamageWaiver: orders.taxDamageWaiver,
      deposit: {
        mode: deposit.mode,
        amount: deposit.mode === 'fixed' ? deposit.amount : null,
        percent: deposit.mode === 'percent' ? bpsToPercentText(deposit.percentBps) : '',
        minimum: deposit.mode === 'percent' && deposit.minimum > 0 ? deposit.minimum : null,
      },
      damageWaiver: {
        mode: orders.damageWaiver.mode,
        percent: bpsToPercentText(orders.damageWaiver.percentBps),
      },
    },
    documents: {
      terms: documents.terms,
      contractClauses: documents.contractClauses,
      invoiceDueDays: String(documents.invoiceDueDays),
      numberPrefix: documents.numberPrefix,
    },
  };
}

/** A box the schema asks to be filled: left empty, it is NaN, which the schema names. */
const required = (value: number | null) => value ?? Number.NaN;
/** Typed whole days: blank or not a number is NaN; '7.5' stays 7.5, which the schema refuses. */
const daysOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/**
 * The API's input for the form (the whole settings, as `PUT /api/account/settings` takes
 * them): percentages in basis points, money in cents, and only the chosen deposit mode's
 * values. A percent deposit's minimum left empty is no minimum.
 */
export function accountSettingsInputOf(values: AccountSettingsFormValues): AccountSettingsInput {
  const { orders, documents } = values;
  const deposit = orders.deposit;
  return {
    name: values.name,
    timezone: values.timezone,
    currency: values.currency,
    locale: values.locale,
    business: { ...values.business },
    orders: {
      taxRateBps: required(percentToBps(orders.taxRate)),
      taxDeliveryFees: orders.taxDeliveryFees,
      taxSurfaceFees: orders.taxSurfaceFees,
      taxDamageWaiver: orders.taxDamageWaiver,
      deposit:
        deposit.mode === 'fixed'
          ? { mode: 'fixed', amount: required(deposit.amount) }
          : deposit.mode === 'percent'
            ? {
                mode: 'percent',
                percentBps: required(percentToBps(deposit.percent)),
                minimum: deposit.minimum ?? 0,
              }
            : { mode: 'none' },
      damageWaiver: {
        mode: orders.damageWaiver.mode,
        percentBps: required(percentToBps(orders.damageWaiver.percent)),
      },
    },
    documents: {
      terms: documents.terms,
      contractClauses: documents.contractClauses,
      invoiceDueDays: daysOf(documents.invoiceDueDays),
      numberPrefix: documents.numberPrefix,
    },
  };
}

/** The form's fields by the input's key where the two differ (percentages, a union's mode). */
const FIELD_OF_KEY: Readonly<Record<string, string>> = {
  'orders.taxRateBps': 'orders.taxRate',
  'orders.deposit': 'orders.deposit.mode',
  'orders.deposit.percentBps': 'orders.deposit.percent',
  'orders.damageWaiver': 'orders.damageWaiver.mode',
  'orders.damageWaiver.percentBps': 'orders.damageWaiver.percent',
};

/** Every field the form shows, by its path. */
export const ACCOUNT_SETTINGS_FORM_FIELDS: readonly string[] = [
  'name',
  'timezone',
  'currency',
  'locale',
  'business.legalName',
  'business.address',
  'business.phone',
  'business.email',
  'business.website',
  'orders.taxRate',
  'orders.taxDeliveryFees',
  'orders.taxSurfaceFees',
  'orders.taxDamageWaiver',
  'orders.deposit.mode',
  'orders.deposit.amount',
  'orders.deposit.percent',
  'orders.deposit.minimum',
  'orders.damageWaiver.mode',
  'orders.damageWaiver.percent',
  'documents.terms',
  'documents.contractClauses',
  'documents.invoiceDueDays',
  'documents.numberPrefix',
];
const FORM_FIELDS = new Set(ACCOUNT_SETTINGS_FORM_FIELDS);

/**
 * The form field that shows a problem with an input key, the schema's or the server's
 * ('orders.taxRateBps' on the tax rate box, 'business.email' on the e-mail box); null for a
 * key the form has no field for.
 */
export function accountSettingsFormField(key: string): string | null {
  const field = FIELD_OF_KEY[key] ?? key;
  return FORM_FIELDS.has(field) ? field : null;
}
