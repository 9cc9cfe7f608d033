import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 23 item 3 (back-office spec §2): /account's settings, read with defaults, saved whole,
// without touching what other screens keep in the same column, and never changing an order
// already booked.

let server: TestServer;
let owner: HttpClient;
let reader: HttpClient;
let accountId: string;
let customerId: string;
let productId: string;

type Settings = {
  name: string;
  timezone: string;
  currency: string;
  locale: string;
  business: Record<string, string>;
  orders: { taxRateBps: number; deposit: Record<string, unknown> } & Record<string, unknown>;
  documents: { terms: string; invoiceDueDays: number; numberPrefix: string } & Record<
    string,
    unknown
  >;
};
type Order = { id: string; totals: { tax: number; total: number; depositDue: number } };

const party = { eventStart: '2030-06-15T15:00:00Z', eventEnd: '2030-06-15T23:00:00Z' };

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Settings Rentals',
    email: 'account-settings-owner@tentpole.test',
    settings: {
      timezone: 'America/Chicago',
      currency: 'USD',
      // Another screen's settings, which /account must leave alone.
      payments: { autopay: { enabled: true, daysBefore: 3 } },
    },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  const onlyReads = await createAccountWithUser(server.db, {
    name: 'Settings Readers',
    email: 'account-settings-reader@tentpole.test',
    roles: ['tentpole:account.read'],
  });
  reader = await server.signIn(onlyReads.email);
  customerId = ((await createCustomers(server.db, accountId, 1))[0]?.id ?? '') as string;
  const { body } = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name: 'Settings castle',
    quantity: 5,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] },
  });
  productId = body.product.id;
});
afterAll(() => server?.close());

describe('account settings', () => {
  it('reads what the account set, and the defaults for the rest', async () => {
    const { status, body } = await apiCall<Settings>(owner, 'GET', '/api/account/settings');
    expect(status).toBe(200);
    expect(body).toEqual({
      name: 'Settings Rentals',
      timezone: 'America/Chicago',
      currency: 'USD',
      locale: 'en-US',
      business: { legalName: '', address: '', phone: '', email: '', website: '' },
      orders: {
        taxRateBps: 0,
        taxDeliveryFees: false,
        taxSurfaceFees: true,
        taxDamageWaiver: true,
        damageWaiver: { mode: 'off', percentBps: 1_000 },
        deposit: { mode: 'none' },
      },
      documents: { terms: '', contractClauses: '', invoiceDueDays: 7, numberPrefix: '' },
    });
  });

  it('refuses bad fields with their messages, and a member who may only read', async () => {
    const bad = await apiCall<{ error: { fields?: Record<string, string[]> } }>(
      owner,
      'PUT',
      '/api/account/settings',
      {
        name: '',
        timezone: 'Nowhere/Special',
        currency: 'USD',
        business: { email: 'nope' },
        orders: { deposit: { mode: 'percent', percentBps: 2_500 } },
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual([
      'business.email',
      'name',
      'orders.deposit.minimum',
      'timezone',
    ]);
    expect(bad.body.error.fields?.['business.email']).toEqual(['Enter a valid e-mail address']);

    const readOnly = await apiCall(reader, 'PUT', '/api/account/settings', {
      name: 'Renamed',
      timezone: 'America/Chicago',
      currency: 'USD',
    });
    expect(readOnly.status).toBe(403);
    expect((await apiCall(reader, 'GET', '/api/account/settings')).status).toBe(200);
  });

  it('saves them whole, keeps other screens’ settings, and leaves booked orders as they were', async () => {
    // An order reserved under no tax and no deposit.
    const made = await apiCall<{ order: Order }>(owner, 'POST', '/api/orders', {
      customerId,
      ...party,
      fulfilment: 'pickup',
      lines: [{ productId, quantity: 1 }],
    });
    expect(made.status).toBe(201);
    const booked = await apiCall<{ order: Order }>(
      owner,
      'POST',
      `/api/orders/${made.body.order.id}/transitions`,
      { to: 'reserved' },
    );
    expect(booked.status).toBe(200);
    expect(booked.body.order.totals).toMatchObject({ tax: 0, total: 20_000 });

    const saved = await apiCall<Settings>(owner, 'PUT', '/api/account/settings', {
      name: 'Settings Rentals 🎈',
      // An older form's logo address: the logo changes only by upload now (decision 0055).
      logo: 'https://cdn.example.com/logo.png',
      timezone: 'America/Denver',
      currency: 'usd',
      locale: 'en-US',
      business: {
        legalName: 'Settings Rentals LLC',
        address: '1 Main St\nAustin, TX 78701',
        phone: '+1 512 555 0100',
        email: 'hello@example.com',
        website: 'https://example.com',
      },
      orders: {
        taxRateBps: 825,
        taxDeliveryFees: false,
        taxSurfaceFees: true,
        taxDamageWaiver: true,
        damageWaiver: { mode: 'off', percentBps: 1_000 },
        deposit: { mode: 'fixed', amount: 5_000 },
      },
      documents: {
        terms: 'Stay off the castle in the rain.',
        contractClauses: 'No shoes.',
        invoiceDueDays: 14,
        numberPrefix: 'INV-',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Settings Rentals 🎈',
      currency: 'USD',
      timezone: 'America/Denver',
      orders: { taxRateBps: 825, deposit: { mode: 'fixed', amount: 5_000 } },
      documents: { invoiceDueDays: 14, numberPrefix: 'INV-' },
    });
    expect((await apiCall<Settings>(owner, 'GET', '/api/account/settings')).body).toEqual(
      saved.body,
    );

    // The payments screen's settings are still there.
    const [row] = await server.db
      .select({ settings: accounts.settings, name: accounts.name, logo: accounts.logo })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    expect(row?.settings).toMatchObject({
      payments: { autopay: { enabled: true, daysBefore: 3 } },
    });
    expect(row).toMatchObject({ name: 'Settings Rentals 🎈', logo: null });
    expect(saved.body).not.toHaveProperty('logo');

    // The booked order keeps its snapshot; a new one is taxed 8.25 % and asks the deposit.
    const again = await apiCall<{ order: Order }>(
      owner,
      'GET',
      `/api/orders/${made.body.order.id}`,
    );
    expect(again.body.order.totals).toMatchObject({ tax: 0, total: 20_000 });
    const preview = await apiCall<{ totals: Order['totals'] }>(
      owner,
      'POST',
      '/api/orders/preview',
      {
        ...party,
        fulfilment: 'pickup',
        lines: [{ productId, quantity: 1 }],
      },
    );
    expect(preview.body.totals).toMatchObject({ tax: 1_650, total: 21_650, depositDue: 5_000 });

    // Documents made from now on are numbered with the prefix.
    const invoice = await apiCall<{ document: { title: string } }>(
      owner,
      'POST',
      `/api/orders/${made.body.order.id}/documents`,
      { kind: 'invoice' },
    );
    expect(invoice.status).toBe(201);
    expect(invoice.body.document.title).toMatch(/^Invoice INV-\d+$/);
  });

  it('writes a de-DE account’s e-mails and customer order page in de-DE: dates, times and money', async () => {
    // A fresh account: the locale is set through /account, as its owner would.
    const account = await createAccountWithUser(server.db, {
      name: 'Hüpfburg Verleih',
      email: 'account-settings-locale@tentpole.test',
    });
    const german = await server.signIn(account.email);
    const [customer] = await createCustomers(server.db, account.accountId, 1);
    const { body: made } = await apiCall<{ product: { id: string } }>(
      german,
      'POST',
      '/api/products',
      {
        name: 'Schloss',
        quantity: 2,
        pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 125_050 }] },
      },
    );
    const current = (await apiCall<Settings>(german, 'GET', '/api/account/settings')).body;
    const saved = await apiCall<Settings>(german, 'PUT', '/api/account/settings', {
      ...current,
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      locale: 'de-DE',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.locale).toBe('de-DE');

    const order = await apiCall<{ order: Order }>(german, 'POST', '/api/orders', {
      customerId: customer?.id,
      // 12:00 to 20:00 in Berlin: one rental day there.
      eventStart: '2030-06-15T10:00:00Z',
      eventEnd: '2030-06-15T18:00:00Z',
      fulfilment: 'pickup',
      lines: [{ productId: made.product.id, quantity: 1 }],
    });
    expect(order.status).toBe(201);

    // An e-mail's merge fields, on the 24-hour clock and with the euro sign after the amount.
    const preview = await apiCall<{ text: string }>(
      german,
      'POST',
      '/api/email/templates/quote/preview',
      {
        subject: 'Ihre Party',
        body: 'Am {{order.eventStart}}: {{order.total}}',
        orderId: order.body.order.id,
      },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.text).toBe('Am Samstag, 15. Juni, 12:00: 1.250,50\u00a0€');

    // The customer's order page.
    const link = await apiCall<{ url: string }>(
      german,
      'POST',
      `/api/orders/${order.body.order.id}/link`,
    );
    const html = await (await fetch(`${server.baseUrl}${new URL(link.body.url).pathname}`)).text();
    expect(html).toContain('Samstag, 15. Juni 2030 um 12:00');
    expect(html).toContain('1.250,50\u00a0€');
    expect(html).not.toContain('$1,250.50');
  });
});
