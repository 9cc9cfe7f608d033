import { countdownText } from '@tentpole/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeLeftText } from '../src/features/orders/customer-page-html.js';
import { expireHolds } from '../src/features/orders/jobs.js';
import { orders } from '../src/features/orders/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { orderPagePath, postPartyOrder } from './helpers/orders.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 24 item 2, "hold for caller": the customer's order page of a held order counts the
// hold down (in the account's time zone) with a "Book it" link to signing, which books it; an
// ended hold says so and never counts below zero.

let server: TestServer;
let owner: HttpClient;
let customerId: string;
// 7:00 AM in Chicago (CDT).
const NOW = new Date('2026-06-01T12:00:00Z');
const MINUTE = 60_000;
const ENDED =
  'This hold has ended. The items may no longer be free; book now to check, or call us at <a href="tel:+15125550100">+1 (512) 555-0100</a>.';

/** An order of one new product, on hold (staff's, 48 h) unless told, with its page's path. */
async function heldOrder(name: string, { hold = true } = {}) {
  const made = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name,
    pricing: { mode: 'flat', amount: 12_500 },
    quantity: 3,
  });
  const order = await postPartyOrder(owner, {
    customerId,
    productId: made.body.product.id,
    quantity: 2,
  });
  if (hold) {
    const moved = await apiCall(owner, 'POST', `/api/orders/${order.id}/transitions`, {
      to: 'hold',
    });
    expect(moved.status).toBe(200);
  }
  const path = await orderPagePath(owner, order.id);
  return { ...order, productId: made.body.product.id, path };
}

/** The hold's expiry set as a phone hold's would be (30 min from when it was made). */
async function expiresAt(orderId: string, at: Date) {
  await server.db.update(orders).set({ holdExpiresAt: at }).where(eq(orders.id, orderId));
}

const page = async (path: string) => {
  const response = await fetch(`${server.baseUrl}${path}`);
  expect(response.status).toBe(200);
  return response.text();
};

beforeAll(async () => {
  server = await startTestServer({ seed: false, now: NOW });
  const account = await createAccountWithUser(server.db, {
    name: 'Hold Rentals',
    email: 'hold-owner@tentpole.test',
    settings: {
      timezone: 'America/Chicago',
      currency: 'USD',
      business: { phone: '+1 (512) 555-0100' },
    },
  });
  owner = await server.signIn(account.email);
  const [customer] = await createCustomers(server.db, account.accountId, 1);
  customerId = customer?.id as string;
});
afterAll(() => server?.close());

describe('the customer order page of a held order', () => {
  it('counts the hold down in local time, with "Book it" leading to signing', async () => {
    const order = await heldOrder('Castle Royale 🏰');
    await expiresAt(order.id, new Date(NOW.getTime() + 29 * MINUTE));
    const html = await page(order.path);
    expect(html).toContain('<h2>We’re holding these for you</h2>');
    // 12:29 UTC is 7:29 AM in Chicago; the space before AM may be a narrow one.
    expect(html).toMatch(
      /Held until <strong>7:29\sAM<\/strong> \(<span id="hold-left">29 minutes left<\/span>\)/,
    );
    expect(html).toContain(
      '<p class="clock" id="hold-clock" role="timer" aria-label="Time left on your hold">29:00</p>',
    );
    expect(html).toContain('data-ms-left="1740000"');
    // "Book it" goes to the signing form on this page, which a held order has.
    expect(html).toContain('<a class="button" href="#sign-heading">Book it</a>');
    expect(html).toContain('<h2 id="sign-heading">Accept and sign</h2>');
    expect(html).toContain('<script src="/o/assets/order-page.js"></script>');
    // Near the top: before the event and the items.
    expect(html.indexOf('We’re holding these for you')).toBeLessThan(html.indexOf('Your event'));
    // The ended text waits in a template for the script, outside the live region.
    expect(html).toContain('<div id="hold-ended" role="status"></div>');
    expect(html).toContain(`<template id="hold-ended-text"><p>${ENDED}`);
    // Nothing internal: no ids, no stock.
    for (const hidden of [order.id, order.productId, customerId, 'available'])
      expect(html).not.toContain(hidden);

    // The script counts down each second and puts the ended text in the status region at zero.
    const script = await (await fetch(`${server.baseUrl}/o/assets/order-page.js`)).text();
    expect(script).toContain("document.getElementById('hold-ended')");
    expect(script).toContain('setInterval(tick, 1000)');
  });

  it("shows a staff hold's end with its day, and hours left", async () => {
    const order = await heldOrder('Frame Tent 20×40 with sidewalls');
    const html = await page(order.path);
    expect(html).toMatch(
      /Held until <strong>Wednesday, June 3 at 7:00\sAM<\/strong> \(<span id="hold-left">48 hours left<\/span>\)/,
    );
    expect(html).toContain('role="timer" aria-label="Time left on your hold">48:00:00</p>');
  });

  it('booking it from the page books the order and the countdown goes', async () => {
    const order = await heldOrder('Popcorn Machine');
    await expiresAt(order.id, new Date(NOW.getTime() + 10 * MINUTE));
    const signed = await fetch(`${server.baseUrl}${order.path}/sign`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: new URLSearchParams({ name: 'Caller Person', agree: 'yes' }).toString(),
    });
    expect(signed.status).toBe(303);
    const { body } = await apiCall<{ order: { status: string } }>(
      owner,
      'GET',
      `/api/orders/${order.id}`,
    );
    expect(['reserved', 'confirmed']).toContain(body.order.status);
    const html = await page(order.path);
    expect(html).not.toContain('holding these for you');
    expect(html).not.toContain('This hold has ended');
    expect(html).not.toContain('role="timer"');
  });

  it('says an expired hold has ended, before and after the sweep, never a negative countdown', async () => {
    const order = await heldOrder('Cotton Candy Cart');
    // Past its expiry, the sweep not yet run: still `hold` in the database.
    await expiresAt(order.id, new Date(NOW.getTime() - MINUTE));
    const before = await page(order.path);
    expect(before).toContain(`<div class="card hold" id="hold"><p>${ENDED}</p>`);
    expect(before).toContain('<a class="button" href="#sign-heading">Book now</a>');
    expect(before).toContain('<strong>Quote</strong>');
    expect(before).not.toContain('holding these for you');
    expect(before).not.toContain('role="timer"');
    expect(before).not.toMatch(/-\d+:\d\d/);
    // An expiry at exactly now has passed.
    await expiresAt(order.id, NOW);
    expect(await page(order.path)).toContain(ENDED);

    // The sweep moves it back to quote; the page still says the hold ended.
    expect(await expireHolds(server.db, NOW)).toContain(order.id);
    const after = await page(order.path);
    expect(after).toContain(ENDED);
    expect(after).toContain('<a class="button" href="#sign-heading">Book now</a>');
    expect(after).not.toContain('role="timer"');
    // No countdown to run: the page's script is there for signing only.
    expect(after).toContain('<script src="/o/assets/order-page.js"></script>');
  });

  it('words the time left in whole minutes and clocks it in seconds, never below zero', () => {
    expect(timeLeftText(29 * MINUTE + 59_000)).toBe('29 minutes left');
    expect(timeLeftText(MINUTE)).toBe('1 minute left');
    expect(timeLeftText(59_999)).toBe('less than a minute left');
    expect(timeLeftText(60 * MINUTE)).toBe('1 hour left');
    expect(timeLeftText(125 * MINUTE + 30_000)).toBe('2 hours 5 minutes left');
    expect(countdownText(29 * MINUTE)).toBe('29:00');
    expect(countdownText(65_500)).toBe('1:06');
    expect(countdownText(62 * MINUTE + 5_000)).toBe('1:02:05');
    expect(countdownText(-5_000)).toBe('0:00');
  });

  it('says nothing of a hold on an order never held', async () => {
    const order = await heldOrder('Bubble Machine', { hold: false });
    const html = await page(order.path);
    expect(html).not.toContain('id="hold"');
    expect(html).not.toContain('This hold has ended');
  });
});
