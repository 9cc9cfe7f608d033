import type { AccountSettings } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import { bpsToPercentText, percentToBps } from '@/components/form/percent-input';
import {
  accountSettingsFormField,
  accountSettingsFormValues,
  accountSettingsInputOf,
} from './account-settings-form-values';

const saved: AccountSettings = {
  name: 'Bounce Kingdom',
  timezone: 'America/Chicago',
  currency: 'USD',
  locale: 'en-US',
  business: { legalName: '', address: '', phone: '', email: '', website: '' },
  orders: {
    taxRateBps: 825,
    taxDeliveryFees: false,
    taxSurfaceFees: true,
    taxDamageWaiver: true,
    damageWaiver: { mode: 'optional', percentBps: 1_000 },
    deposit: { mode: 'percent', percentBps: 2_500, minimum: 5_000 },
  },
  documents: { terms: '', contractClauses: '', invoiceDueDays: 7, numberPrefix: 'INV-' },
};

describe('percentToBps and bpsToPercentText', () => {
  it.each([
    ['8.25', 825],
    ['8.25 %', 825],
    ['10', 1_000],
    ['.5', 50],
    ['0', 0],
    ['100', 10_000],
  ])('reads %s as %i basis points', (typed, bps) => {
    expect(percentToBps(typed)).toBe(bps);
    expect(percentToBps(bpsToPercentText(bps))).toBe(bps);
  });

  it('reads empty as none, a third decimal as a fraction, a minus as a negative', () => {
    expect(percentToBps(' ')).toBeNull();
    expect(Number.isInteger(percentToBps('8.125'))).toBe(false);
    expect(percentToBps('-5')).toBe(-500);
    expect(percentToBps('ten')).toBeNaN();
  });

  it.each([
    [825, '8.25'],
    [1_000, '10'],
    [5, '0.05'],
    [1_250, '12.5'],
  ])('shows %i basis points as %s', (bps, text) => {
    expect(bpsToPercentText(bps)).toBe(text);
  });
});

describe('account settings form values', () => {
  it('shows percentages as percent, days as text and the deposit’s own mode’s boxes', () => {
    const values = accountSettingsFormValues(saved);
    expect(values.orders.taxRate).toBe('8.25');
    expect(values.orders.damageWaiver).toEqual({ mode: 'optional', percent: '10' });
    expect(values.orders.deposit).toEqual({
      mode: 'percent',
      amount: null,
      percent: '25',
      minimum: 5_000,
    });
    expect(values.documents.invoiceDueDays).toBe('7');
  });

  it('gives back the saved settings unchanged', () => {
    expect(accountSettingsInputOf(accountSettingsFormValues(saved))).toEqual(saved);
  });

  it('sends only the chosen deposit mode’s values, in cents and basis points', () => {
    const values = accountSettingsFormValues(saved);
    const deposit = (next: Partial<typeof values.orders.deposit>) =>
      accountSettingsInputOf({
        ...values,
        orders: { ...values.orders, deposit: { ...values.orders.deposit, ...next } },
      }).orders?.deposit;
    expect(deposit({ mode: 'none' })).toEqual({ mode: 'none' });
    expect(deposit({ mode: 'fixed', amount: 10_000 })).toEqual({ mode: 'fixed', amount: 10_000 });
    expect(deposit({ mode: 'percent', percent: '12.5', minimum: null })).toEqual({
      mode: 'percent',
      percentBps: 1_250,
      minimum: 0,
    });
    // An empty box the schema asks for is NaN, which it names.
    expect(deposit({ mode: 'fixed', amount: null })).toEqual({ mode: 'fixed', amount: Number.NaN });
  });

  it('reads typed days as a number, blank as NaN', () => {
    const values = accountSettingsFormValues(saved);
    const days = (text: string) =>
      accountSettingsInputOf({
        ...values,
        documents: { ...values.documents, invoiceDueDays: text },
      }).documents?.invoiceDueDays;
    expect(days(' 14 ')).toBe(14);
    expect(days('')).toBeNaN();
  });

  it.each([
    ['business.email', 'business.email'],
    ['orders.taxRateBps', 'orders.taxRate'],
    ['orders.deposit.percentBps', 'orders.deposit.percent'],
    ['orders.deposit.minimum', 'orders.deposit.minimum'],
    ['orders.deposit', 'orders.deposit.mode'],
    ['orders.damageWaiver.percentBps', 'orders.damageWaiver.percent'],
    ['documents.numberPrefix', 'documents.numberPrefix'],
    ['settings', null],
  ])('shows a problem with %s on %s', (key, field) => {
    expect(accountSettingsFormField(key)).toBe(field);
  });
});
