import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { setStoreDomain } from '../src/features/store/custom-domain.js';
import { addMember, apiCall } from './helpers/api.js';
import { startDnsServer } from './helpers/dns-server.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 20 item 4 (back-office spec §10, decision 0068): Website Settings: the store's font,
// accent colour and checkout mode; a custom domain verified through DNS and served by Host;
// the embeddable booking search.

let server: TestServer;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let owner: HttpClient;
let accountId: string;

type Domain = {
  domain: string;
  status: 'pending' | 'verified';
  cnameTarget: string;
  txtName: string;
  txtValue: string;
  verifiedAt: string | null;
};

beforeAll(async () => {
  dns = await startDnsServer();
  server = await startTestServer({ seed: false, dnsServers: [dns.server] });
  const account = await createAccountWithUser(server.db, {
    name: 'Bounce Town 🎈',
    email: 'website-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
});
afterAll(async () => {
  await server?.close();
  await dns?.close();
});

const put = (body: unknown, client = owner) =>
  apiCall<{ error: { code: string; fields?: Record<string, string[]> } } & Record<string, unknown>>(
    client,
    'PUT',
    '/api/store/settings',
    body,
  );

describe('store settings', () => {
  it('saves font, colour and checkout mode; a caller that sends only slug and hold time keeps them', async () => {
    const saved = await put({
      slug: 'bounce-town',
      holdMinutes: 20,
      colour: '#FDE047',
      font: 'classic',
      checkoutMode: 'quote',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      slug: 'bounce-town',
      colour: '#fde047',
      font: 'classic',
      checkoutMode: 'quote',
    });
    // The checklist's "Publish" (slug and hold time only) changes nothing else.
    const older = await put({ slug: 'bounce-town', holdMinutes: 25 });
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({ holdMinutes: 25, font: 'classic', checkoutMode: 'quote' });
    const read = await apiCall(owner, 'GET', '/api/store/settings');
    expect(read.body).toMatchObject({ colour: '#fde047', font: 'classic', checkoutMode: 'quote' });
  });

  it('refuses a bad colour, a colour no text reads on, an unknown font or mode: 400 on the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ colour: 'red' }, 'colour', /#rrggbb/],
      [{ colour: '#808080' }, 'colour', /hard to read/],
      [{ font: 'comic-sans' }, 'font', /Choose a font/],
      [{ checkoutMode: 'sometimes' }, 'checkoutMode', /Choose how shoppers check out/],
      [{ holdMinutes: 1 }, 'holdMinutes', /at least 5/],
    ];
    for (const [change, field, message] of cases) {
      const answer = await put({ slug: 'bounce-town', holdMinutes: 30, ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.fields?.[field]?.[0]).toMatch(message);
    }
  });

  it('draws the store in its font, with near-black text on a light accent', async () => {
    const html = await (await fetch(`${server.baseUrl}/s/bounce-town`)).text();
    expect(html).toContain('font:16px/1.5 Georgia');
    expect(html).toContain('header.top{background:#fde047;color:#1c1917}');
    expect(
      await put({ slug: 'bounce-town', holdMinutes: 30, colour: '#1e3a8a', font: 'bold' }),
    ).toMatchObject({ status: 200 });
    const dark = await (await fetch(`${server.baseUrl}/s/bounce-town`)).text();
    expect(dark).toContain('"Arial Black"');
    expect(dark).toContain('header.top{background:#1e3a8a;color:#ffffff}');
  });

  it('needs website.write to change them (website.read only reads): 403', async () => {
    const { client } = await addMember(server, accountId, 'website-reader@tentpole.test', [
      'tentpole:website.read',
    ]);
    expect((await apiCall(client, 'GET', '/api/store/settings')).status).toBe(200);
    const refused = await put({ slug: 'bounce-town', holdMinutes: 30 }, client);
    expect(refused.status).toBe(403);
    expect(
      (await apiCall(client, 'PUT', '/api/store/domain', { domain: 'x.example.com' })).status,
    ).toBe(403);
  });
});

describe('the embed script', () => {
  it('serves a small cacheable script drawing the booking search in a shadow root', async () => {
    const response = await fetch(`${server.baseUrl}/s/bounce-town/embed.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const script = await response.text();
    expect(script.length).toBeLessThan(6_000);
    expect(script).toContain('When and where is your party?');
    expect(script).toContain('attachShadow');
    expect(script).toContain('data-tentpole-booking');
    expect(script).toContain('<label for="');
    expect(script).toContain(`"url":"${server.baseUrl}/s/bounce-town"`);
    expect(script).toContain('"colour":"#1e3a8a"');
    // A store name cannot close a tag on the host page.
    expect(script).not.toMatch(/<\/script/i);
    expect((await fetch(`${server.baseUrl}/s/no-such-store/embed.js`)).status).toBe(404);
  });
});

describe('custom domain', () => {
  const domainCall = <T = { domain: Domain | null }>(
    method: string,
    path = '/api/store/domain',
    body?: unknown,
  ) =>
    apiCall<T & { error: { code: string; fields?: Record<string, string[]>; plan?: string } }>(
      owner,
      method,
      path,
      body,
    );
  const onHost = (host: string, path = '/', init: RequestInit = {}) =>
    server.app.request(path, { ...init, headers: { host, ...(init.headers ?? {}) } });

  it('is a plan feature: a lower plan gets 403 plan_limit naming the plan that includes it', async () => {
    await server.db.update(accounts).set({ planLevel: 'lite' }).where(eq(accounts.id, accountId));
    try {
      const refused = await domainCall('PUT', undefined, { domain: 'rentals.example.com' });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'plan_limit', plan: 'core' });
    } finally {
      await server.db.update(accounts).set({ planLevel: 'core' }).where(eq(accounts.id, accountId));
    }
  });

  it('takes only a host name: no scheme, path or port, not the app’s own host', async () => {
    const appHost = new URL(server.baseUrl).hostname;
    for (const domain of [
      'https://rentals.example.com',
      'rentals.example.com/shop',
      'rentals.example.com:8443',
      'localhost',
      'bad_label.example.com',
      '-rentals.example.com',
      appHost,
    ]) {
      const answer = await domainCall('PUT', undefined, { domain });
      expect(answer.status, domain).toBe(400);
      expect(answer.body.error.fields?.domain?.[0], domain).toBeTruthy();
    }
    // The app's own host (here a loopback address, which no domain matches): by the rule itself.
    for (const own of ['app.tentpole.test', 'shop.app.tentpole.test'])
      await expect(
        setStoreDomain(server.db, accountId, own, 'app.tentpole.test'),
      ).rejects.toMatchObject({
        code: 'validation_failed',
        fields: { domain: ['This is Tentpole’s own address: enter a domain you own'] },
      });
  });

  it('is pending with the CNAME and TXT records to add, and unique across stores', async () => {
    const saved = await domainCall('PUT', undefined, { domain: 'Rentals.Example.com' });
    expect(saved.status).toBe(200);
    const domain = saved.body.domain as Domain;
    expect(domain).toMatchObject({
      domain: 'rentals.example.com',
      status: 'pending',
      cnameTarget: new URL(server.baseUrl).hostname,
      txtName: '_tentpole.rentals.example.com',
      verifiedAt: null,
    });
    expect(domain.txtValue).toMatch(/^tentpole-verify-[0-9a-f]{32}$/);
    // Saving it again keeps the token the owner may already have put in DNS.
    const again = await domainCall('PUT', undefined, { domain: 'rentals.example.com' });
    expect((again.body.domain as Domain).txtValue).toBe(domain.txtValue);

    const other = await createAccountWithUser(server.db, {
      name: 'Other Rentals',
      email: 'website-other@tentpole.test',
    });
    const rival = await server.signIn(other.email);
    expect(
      (await apiCall(rival, 'PUT', '/api/store/settings', { slug: 'other-rentals' })).status,
    ).toBe(200);
    const taken = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      rival,
      'PUT',
      '/api/store/domain',
      { domain: 'rentals.example.com' },
    );
    expect(taken.status).toBe(400);
    expect(taken.body.error.fields.domain?.[0]).toBe('Another store uses this domain');
  });

  it('is not served, nor allowed a certificate, while pending', async () => {
    expect((await onHost('rentals.example.com', '/')).status).not.toBe(200);
    expect(
      (await fetch(`${server.baseUrl}/api/store/domain-allowed?domain=rentals.example.com`)).status,
    ).toBe(404);
  });

  it('verifies through DNS: not found stays pending with a clear message; the TXT record verifies it', async () => {
    const missing = await domainCall<{ domain: Domain; message: string }>(
      'POST',
      '/api/store/domain/verify',
    );
    expect(missing.status).toBe(200);
    expect(missing.body.domain.status).toBe('pending');
    expect(missing.body.message).toContain(
      'We could not find the TXT record _tentpole.rentals.example.com yet',
    );

    dns.setTxt('_tentpole.rentals.example.com', ['something-else']);
    const wrong = await domainCall<{ domain: Domain; message: string }>(
      'POST',
      '/api/store/domain/verify',
    );
    expect(wrong.body.domain.status).toBe('pending');
    expect(wrong.body.message).toContain('does not hold the value shown here');

    dns.setTxt('_tentpole.rentals.example.com', [missing.body.domain.txtValue]);
    const found = await domainCall<{ domain: Domain; message: string }>(
      'POST',
      '/api/store/domain/verify',
    );
    expect(found.body.domain.status).toBe('verified');
    expect(found.body.domain.verifiedAt).toBeTruthy();
    expect(found.body.message).toContain('rentals.example.com is verified');
  });

  it('serves the store on the verified domain: / is its home, its paths under / and /s/{slug}', async () => {
    const home = await onHost('rentals.example.com', '/');
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('When and where is your party?');
    expect(html).toContain('Bounce Town 🎈');
    expect((await onHost('rentals.example.com', '/cart')).status).toBe(200);
    expect((await onHost('rentals.example.com', '/s/bounce-town/cart')).status).toBe(200);
    expect((await onHost('RENTALS.example.com:443', '/s/assets/store.js')).status).toBe(200);
    expect((await onHost('rentals.example.com', '/p/no-such-product')).status).toBe(404);
    // Another store's pages are not this domain's.
    expect((await onHost('rentals.example.com', '/s/other-rentals')).status).toBe(404);
    // The store's forms post on the domain (same origin: the Host is kept, so the missing
    // product is what answers); a post from another origin is refused.
    const posted = await onHost('rentals.example.com', '/cart', {
      method: 'POST',
      headers: {
        origin: 'https://rentals.example.com',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        date: '2027-06-12',
        start: '12:00',
        end: '18:00',
        zip: '78701',
        product: 'no-such-product',
        quantity: '1',
      }).toString(),
    });
    expect(posted.status).toBe(404);
    const crossSite = await onHost('rentals.example.com', '/cart/extend', {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example.org' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('is the root of its robots.txt and sitemap there, whose addresses are on the domain', async () => {
    const robots = await onHost('rentals.example.com', '/robots.txt');
    expect(robots.status).toBe(200);
    expect((await robots.text()).split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /confirmation',
      'Sitemap: https://rentals.example.com/sitemap.xml',
      '',
    ]);
    const sitemap = await onHost('rentals.example.com', '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs[0]).toBe('https://rentals.example.com');
    expect(locs.every((l) => l?.startsWith('https://rentals.example.com'))).toBe(true);
  });

  it('never serves the API or the app on the domain: /api/* and app pages are 404', async () => {
    for (const path of ['/api/health', '/api/store/settings', '/api/auth/session', '/orders']) {
      const answer = await onHost('rentals.example.com', path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('set-cookie'), path).toBeNull();
    }
    // Other hosts are the app as before.
    expect((await onHost('unknown.example.org', '/api/health')).status).toBe(200);
    expect((await onHost('unknown.example.org', '/')).status).not.toBe(200);
  });

  it('answers the TLS proxy’s ask: 200 for a verified domain only', async () => {
    const ask = (domain: string) =>
      fetch(`${server.baseUrl}/api/store/domain-allowed?domain=${encodeURIComponent(domain)}`);
    expect((await ask('rentals.example.com')).status).toBe(200);
    expect((await ask('RENTALS.EXAMPLE.COM')).status).toBe(200);
    expect((await ask('unknown.example.org')).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/store/domain-allowed`)).status).toBe(404);
  });

  it('sends the embed’s shoppers to the verified domain', async () => {
    const script = await (await fetch(`${server.baseUrl}/s/bounce-town/embed.js`)).text();
    expect(script).toContain('"url":"https://rentals.example.com/"');
  });

  it('stops serving a domain once removed, or when the plan no longer includes it', async () => {
    await server.db.update(accounts).set({ planLevel: 'free' }).where(eq(accounts.id, accountId));
    // The host cache keeps an answer a few seconds; a fresh host lookup sees the plan.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await onHost('rentals.example.com', '/')).status).not.toBe(200);
    // …and the store stops naming it: the embed sends shoppers to /s/{slug} again.
    expect(await (await fetch(`${server.baseUrl}/s/bounce-town/embed.js`)).text()).toContain(
      `"url":"${server.baseUrl}/s/bounce-town"`,
    );
    await server.db.update(accounts).set({ planLevel: 'core' }).where(eq(accounts.id, accountId));

    const removed = await domainCall('DELETE');
    expect(removed.status).toBe(200);
    expect(removed.body.domain).toBeNull();
    expect((await domainCall('GET')).body.domain).toBeNull();
    expect((await onHost('rentals.example.com', '/')).status).not.toBe(200);
    expect(
      (await fetch(`${server.baseUrl}/api/store/domain-allowed?domain=rentals.example.com`)).status,
    ).toBe(404);
  });
});
