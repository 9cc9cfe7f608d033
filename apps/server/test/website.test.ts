import type {
  SaveWebsitePageInput,
  WebsitePageResponse,
  WebsitePagesResponse,
  WebsiteSectionInput,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerJourneyEvents, customers } from '../src/features/customers/tables.js';
import { emails } from '../src/features/emails/tables.js';
import { websitePages } from '../src/features/website/tables.js';
import { addMember, apiCall } from './helpers/api.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { expectValidHtml } from './helpers/valid-html.js';

// Issue 20 item 4 (back-office spec §10, decision 0067): the website builder's pages, drafts
// and publishing, and the store drawing the published pages, the contact form's leads, the
// sitemap and robots.txt.

let server: TestServer;
let owner: HttpClient;
let other: HttpClient;
let accountId: string;
let castle: string;
let hidden: string;
let categoryId: string;
let otherProduct: string;
let otherImage: string;

type Refusal = { error: { code: string; message: string; fields?: Record<string, string[]> } };
const PARTY = '?date=2027-06-12&start=12:00&end=18:00&zip=78701';

async function png(background = '#36c') {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 4, background } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

async function upload(client: HttpClient, file: Blob, name = 'photo.png') {
  const form = new FormData();
  form.set('file', file, name);
  const response = await client.request('/api/website/images', { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as { id: string; url: string } };
}

const pages = async (client = owner) =>
  (await apiCall<WebsitePagesResponse>(client, 'GET', '/api/website/pages')).body;

async function newPage(title: string, slug: string) {
  const { status, body } = await apiCall<WebsitePageResponse>(owner, 'POST', '/api/website/pages', {
    title,
    slug,
  });
  expect(status).toBe(201);
  return body;
}

const save = (id: string, input: SaveWebsitePageInput, client = owner) =>
  apiCall<WebsitePageResponse & Refusal>(client, 'PUT', `/api/website/pages/${id}`, input);
const publish = (id: string, client = owner) =>
  apiCall<WebsitePageResponse & Refusal>(client, 'POST', `/api/website/pages/${id}/publish`);

const visit = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });
const post = (path: string, fields: Record<string, string>, origin = server.baseUrl) =>
  visit(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Party Co <Rentals>',
    email: 'website-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  expect(
    (await apiCall(owner, 'PUT', '/api/store/settings', { slug: 'ws-party', holdMinutes: 30 }))
      .status,
  ).toBe(200);
  const { body: category } = await apiCall<{ category: { id: string } }>(
    owner,
    'POST',
    '/api/categories',
    { name: 'Bounce Houses' },
  );
  categoryId = category.category.id;
  const product = async (fields: Record<string, unknown>, client = owner) => {
    const { status, body } = await apiCall<{ product: { id: string } }>(
      client,
      'POST',
      '/api/products',
      {
        pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 15_000 }] },
        quantity: 1,
        ...fields,
      },
    );
    expect(status).toBe(201);
    return body.product.id;
  };
  castle = await product({ name: 'Castle Bounce House', categoryId });
  hidden = await product({ name: 'Hidden Generator', showInStore: false });

  const elsewhere = await createAccountWithUser(server.db, {
    name: 'Elsewhere Rentals',
    email: 'website-other@tentpole.test',
  });
  other = await server.signIn(elsewhere.email);
  await apiCall(other, 'PUT', '/api/store/settings', { slug: 'ws-other', holdMinutes: 30 });
  otherProduct = await product({ name: 'Their Castle' }, other);
  otherImage = (await upload(other, await png('#c33'))).body.id;
});
afterAll(() => server?.close());

describe('the builder API', () => {
  it('gives an account without pages its home page once, with the store address', async () => {
    const first = await pages();
    expect(first.storePath).toBe('/s/ws-party');
    expect(first.pages).toHaveLength(1);
    const [home] = first.pages;
    expect(home).toMatchObject({ title: 'Home', isHome: true, slug: null, state: 'draft' });
    expect(home?.path).toBe('/s/ws-party');
    const { body } = await apiCall<WebsitePageResponse>(
      owner,
      'GET',
      `/api/website/pages/${home?.id}`,
    );
    expect(body.sections.map((s) => s.type)).toEqual(['hero', 'category_grid', 'contact_form']);
    expect(body.sections[0]).toMatchObject({
      heading: 'Party Co <Rentals>',
      showBookingSearch: true,
    });
    expect((await pages()).pages).toHaveLength(1);
  });

  it('creates pages with addresses of their own', async () => {
    const page = await newPage('Our team', 'team');
    expect(page).toMatchObject({ slug: 'team', isHome: false, state: 'draft', sections: [] });
    expect(page.path).toBe('/s/ws-party/pages/team');
    const taken = await apiCall<Refusal>(owner, 'POST', '/api/website/pages', {
      title: 'Another team',
      slug: 'team',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.error.fields?.slug).toEqual(['Another page has this address']);
    const bad = await apiCall<Refusal>(owner, 'POST', '/api/website/pages', {
      title: '',
      slug: 'No Spaces!',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['slug', 'title']);
    // Another page of another account may use the same address.
    expect(
      (await apiCall(other, 'POST', '/api/website/pages', { title: 'Team', slug: 'team' })).status,
    ).toBe(201);
  });

  it('refuses a draft with bad sections, naming each field by its path', async () => {
    const page = await newPage('Checks', 'checks');
    const sections: WebsiteSectionInput[] = [
      { id: 'a', type: 'text', heading: 'Fine', body: 'Fine.' },
      { id: 'b', type: 'faq', heading: '', items: [{ question: '', answer: 'Yes.' }] },
      { id: 'c', type: 'hero', heading: '' },
    ];
    const { status, body } = await save(page.id, { title: 'Checks', sections });
    expect(status).toBe(400);
    expect(body.error.fields).toMatchObject({
      'sections.1.items.0.question': ['Enter the question'],
      'sections.2.heading': ['Enter the heading'],
    });
  });

  it("refuses sections naming another account's products, categories or images", async () => {
    const page = await newPage('Theirs', 'theirs');
    const { status, body } = await save(page.id, {
      title: 'Theirs',
      sections: [
        { id: 'p', type: 'product_grid', productIds: [castle, otherProduct] },
        { id: 'k', type: 'category_grid', categoryIds: [otherProduct] },
        { id: 'i', type: 'image', imageId: otherImage },
        { id: 'g', type: 'gallery', images: [{ imageId: otherImage, alt: '' }] },
      ],
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      'sections.0.productIds': ['Choose products from the list'],
      'sections.1.categoryIds': ['Choose categories from the list'],
      'sections.2.imageId': ['Upload the image again'],
      'sections.3.images.0.imageId': ['Upload the image again'],
    });
  });

  it('deletes pages but never the home page', async () => {
    const page = await newPage('Short lived', 'short-lived');
    expect((await apiCall(owner, 'DELETE', `/api/website/pages/${page.id}`)).status).toBe(204);
    expect((await apiCall(owner, 'GET', `/api/website/pages/${page.id}`)).status).toBe(404);
    const home = (await pages()).pages.find((p) => p.isHome);
    const refused = await apiCall<Refusal>(owner, 'DELETE', `/api/website/pages/${home?.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'The home page cannot be deleted. Change its sections instead.',
    );
  });

  it("answers 404 for another account's page, and 403 to a member who may only read", async () => {
    const page = await newPage('Private', 'private');
    expect((await apiCall(other, 'GET', `/api/website/pages/${page.id}`)).status).toBe(404);
    expect((await save(page.id, { title: 'Mine now', sections: [] }, other)).status).toBe(404);
    expect((await publish(page.id, other)).status).toBe(404);
    const { client: reader } = await addMember(server, accountId, 'website-reader@tentpole.test', [
      'tentpole:website.read',
    ]);
    expect((await apiCall(reader, 'GET', `/api/website/pages/${page.id}`)).status).toBe(200);
    const refused = await save(page.id, { title: 'Read only', sections: [] }, reader);
    expect(refused.status).toBe(403);
    expect((await publish(page.id, reader)).status).toBe(403);
    expect((await upload(reader, await png())).status).toBe(403);
  });

  it('orders the pages of the menu, home first', async () => {
    const a = await newPage('Alpha', 'alpha');
    const b = await newPage('Beta', 'beta');
    const { status, body } = await apiCall<WebsitePagesResponse>(
      owner,
      'PUT',
      '/api/website/pages/order',
      { ids: [b.id, a.id] },
    );
    expect(status).toBe(200);
    const order = body.pages.map((p) => p.slug);
    expect(order[0]).toBeNull();
    expect(order.indexOf('beta')).toBeLessThan(order.indexOf('alpha'));
    const foreign = await apiCall<Refusal>(owner, 'PUT', '/api/website/pages/order', {
      ids: [a.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(foreign.status).toBe(400);
  });
});

describe('limits and stores without an address', () => {
  it('refuses a page beyond the limit with 409', async () => {
    const limited = await createAccountWithUser(server.db, {
      name: 'Many Pages',
      email: 'website-many@tentpole.test',
    });
    const client = await server.signIn(limited.email);
    await pages(client);
    for (let i = 1; i < 30; i++)
      expect(
        (await apiCall(client, 'POST', '/api/website/pages', { title: `P${i}`, slug: `p${i}` }))
          .status,
      ).toBe(201);
    const refused = await apiCall<Refusal>(client, 'POST', '/api/website/pages', {
      title: 'One more',
      slug: 'one-more',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'A website has at most 30 pages. Delete one to add another.',
    );
  });

  it('adds no page past the limit, nor two at one menu position, when requests race', async () => {
    const racing = await createAccountWithUser(server.db, {
      name: 'Racing Pages',
      email: 'website-racing@tentpole.test',
    });
    const client = await server.signIn(racing.email);
    await pages(client);
    for (let i = 1; i < 26; i++)
      expect(
        (await apiCall(client, 'POST', '/api/website/pages', { title: `R${i}`, slug: `r${i}` }))
          .status,
      ).toBe(201);
    // 4 places left, 10 requests at once.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        apiCall(client, 'POST', '/api/website/pages', { title: `Race ${i}`, slug: `race-${i}` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([
      201, 201, 201, 201, 409, 409, 409, 409, 409, 409,
    ]);
    const list = await pages(client);
    expect(list.pages).toHaveLength(30);
    const positions = (
      await server.db
        .select({ position: websitePages.position })
        .from(websitePages)
        .where(eq(websitePages.accountId, racing.accountId))
    ).map((row) => row.position);
    expect(new Set(positions).size).toBe(30);
  });

  it('previews the pages of an account whose store has no address yet', async () => {
    const fresh = await createAccountWithUser(server.db, {
      name: 'No Store Yet',
      email: 'website-nostore@tentpole.test',
    });
    const client = await server.signIn(fresh.email);
    const list = await pages(client);
    expect(list.storePath).toBeNull();
    const home = list.pages[0] as { id: string };
    const image = await upload(client, await png());
    expect(image.status).toBe(201);
    expect(image.body.url).toBe(`/api/website/images/${image.body.id}`);
    const preview = await client.request(`/api/website/pages/${home.id}/preview`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('<h1>No Store Yet</h1>');
  });
});

describe('images', () => {
  it('keeps an upload as WebP, shown by its own store only', async () => {
    const { status, body } = await upload(owner, await png());
    expect(status).toBe(201);
    expect(body.url).toBe(`/s/ws-party/site-images/${body.id}`);
    const shown = await visit(body.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect(shown.headers.get('cache-control')).toContain('immutable');
    expect((await visit(`/s/ws-other/site-images/${body.id}`)).status).toBe(404);
    expect((await owner.request(`/api/website/images/${body.id}`)).status).toBe(200);
    expect((await other.request(`/api/website/images/${body.id}`)).status).toBe(404);
  });

  it("sends the home page's contact form from the store's own address", async () => {
    const fresh = await createAccountWithUser(server.db, {
      name: 'Home Contact',
      email: 'website-home-contact@tentpole.test',
    });
    const client = await server.signIn(fresh.email);
    await apiCall(client, 'PUT', '/api/store/settings', { slug: 'ws-home', holdMinutes: 30 });
    const home = (await pages(client)).pages[0] as { id: string };
    await publish(home.id, client);
    const html = await (await visit('/s/ws-home')).text();
    expect(html).toContain('<input type="hidden" name="page" value="">');
    const response = await post('/s/ws-home/contact', {
      page: '',
      section: 'contact',
      name: 'Lee',
      email: 'lee.home@example.com',
      message: 'Hi!',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/s/ws-home?sent=contact#s-contact');
    expect(await (await visit('/s/ws-home?sent=contact')).text()).toContain(
      "Thanks! We'll be in touch soon.",
    );
  });

  it('refuses a file that is not an image', async () => {
    const { status, body } = await upload(
      owner,
      new Blob(['<svg/>'], { type: 'image/png' }),
      'x.png',
    );
    expect(status).toBe(400);
    expect((body as unknown as Refusal).error.fields?.file).toBeDefined();
  });
});

describe('drafts, publishing and the store', () => {
  it('falls back to the party form and the categories while the home page is unpublished', async () => {
    const html = await (await visit('/s/ws-party')).text();
    expect(html).toContain('When and where is your party?');
    expect(html).toContain('<h2>What we rent</h2><ul><li>Bounce Houses</li></ul>');
  });

  it('shows shoppers the published version only, and the catalog still takes a party', async () => {
    const home = (await pages()).pages.find((p) => p.isHome) as { id: string };
    const sections: WebsiteSectionInput[] = [
      { id: 'hero', type: 'hero', heading: 'Best bounces in town', showBookingSearch: true },
      { id: 'grid', type: 'product_grid', heading: 'Favourites', productIds: [castle, hidden] },
      { id: 'cats', type: 'category_grid', heading: 'Browse' },
    ];
    expect((await save(home.id, { title: 'Home', sections })).status).toBe(200);
    // Saved, not published: the store still shows its own home.
    expect(await (await visit('/s/ws-party')).text()).not.toContain('Best bounces in town');
    const published = await publish(home.id);
    expect(published.status).toBe(200);
    expect(published.body.state).toBe('published');
    expect(published.body.publishedAt).not.toBeNull();

    const live = await (await visit('/s/ws-party')).text();
    expect(live.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(live).toContain('<h1>Best bounces in town</h1>');
    expect(live).toContain('When and where is your party?');
    expect(live).toContain('href="/s/ws-party/p/castle-bounce-house"');
    expect(live).toContain('from $150.00');
    // Not in the store: left out.
    expect(live).not.toContain('Hidden Generator');
    expect(live).toContain('href="/s/ws-party/c/bounce-houses"');
    expect(live).toContain('<title>Home | Party Co &lt;Rentals&gt;</title>');
    expect(live).toContain(`<link rel="canonical" href="${server.baseUrl}/s/ws-party">`);

    // Editing the draft changes nothing live until the next publish.
    const edited = await save(home.id, {
      title: 'Home',
      seoTitle: 'Party Co: bounce houses',
      sections: [{ ...sections[0], heading: 'A draft heading' } as WebsiteSectionInput],
    });
    expect(edited.body.state).toBe('changed');
    const still = await (await visit('/s/ws-party')).text();
    expect(still).toContain('Best bounces in town');
    expect(still).not.toContain('A draft heading');
    const preview = await (await owner.request(`/api/website/pages/${home.id}/preview`)).text();
    expect(preview).toContain('A draft heading');
    await publish(home.id);
    const republished = await (await visit('/s/ws-party')).text();
    expect(republished).toContain('A draft heading');
    expect(republished).toContain('<title>Party Co: bounce houses</title>');

    // With a party, the catalog as before.
    const catalog = await (await visit(`/s/ws-party${PARTY}`)).text();
    expect(catalog).toContain('Available for your party');
    expect(catalog).toContain('Castle Bounce House</a>');
    expect(catalog).not.toContain('A draft heading');
  });

  it('serves other pages once published, and lists them in the header', async () => {
    const page = await newPage('About us', 'about');
    await save(page.id, {
      title: 'About us',
      seoDescription: 'Who we are.',
      sections: [{ id: 't', type: 'text', heading: 'Our story', body: 'One.\n\nTwo.' }],
    });
    expect((await visit('/s/ws-party/pages/about')).status).toBe(404);
    expect(await (await visit('/s/ws-party')).text()).not.toContain('/s/ws-party/pages/about');
    await publish(page.id);
    const response = await visit('/s/ws-party/pages/about');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>About us</h1>');
    expect(html).toContain('<h2 id="s-t">Our story</h2><p>One.</p><p>Two.</p>');
    expect(html).toContain('<meta name="description" content="Who we are.">');
    // The menu, on the website's pages and on the store's own.
    const menu = '<nav class="menu" aria-label="Pages"><ul>';
    expect(html).toContain(menu);
    expect(html).toContain('<a href="/s/ws-party/pages/about" aria-current="page">About us</a>');
    const cart = await (await visit('/s/ws-party/cart')).text();
    expect(cart).toContain('<a href="/s/ws-party/pages/about">About us</a>');
    // Another store has no such page.
    expect((await visit('/s/ws-other/pages/about')).status).toBe(404);
  });

  it('lets the builder frame the preview, and nothing else', async () => {
    const page = await newPage('Framed', 'framed');
    const response = await owner.request(`/api/website/pages/${page.id}/preview`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const html = await response.text();
    expect(html).toContain('<base target="_blank">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    const store = await visit('/s/ws-party');
    expect(store.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(store.headers.get('x-frame-options')).toBe('DENY');
  });

  it('escapes every text staff write', async () => {
    const x = '<script>alert(1)</script>';
    const image = (await upload(owner, await png('#3c3'))).body.id;
    const page = await newPage('Escapes', 'escapes');
    const sections: WebsiteSectionInput[] = [
      { id: 'h', type: 'hero', heading: x, text: x, imageId: image },
      { id: 'b', type: 'booking_search', heading: x },
      { id: 'k', type: 'category_grid', heading: x },
      { id: 'p', type: 'product_grid', heading: x, productIds: [castle] },
      { id: 't', type: 'text', heading: x, body: x },
      { id: 'i', type: 'image', imageId: image, alt: x, caption: x },
      { id: 'g', type: 'gallery', heading: x, images: [{ imageId: image, alt: x }] },
      { id: 'f', type: 'faq', heading: x, items: [{ question: x, answer: x }] },
      { id: 'q', type: 'testimonials', heading: x, items: [{ quote: x, name: x }] },
      { id: 'c', type: 'contact_form', heading: x, text: x },
    ];
    const saved = await save(page.id, {
      title: x,
      seoTitle: x,
      seoDescription: x,
      sections,
    });
    expect(saved.status).toBe(200);
    await publish(page.id);
    for (const [what, html] of [
      [
        'the page with every kind of section',
        await (await visit('/s/ws-party/pages/escapes')).text(),
      ],
      ['its preview', await (await owner.request(`/api/website/pages/${page.id}/preview`)).text()],
    ] as const) {
      // Valid HTML (issue 20), whatever staff typed: every section, escaped.
      await expectValidHtml(html, what);
      expect(html).not.toContain('<script>alert');
      expect(html.split('&lt;script&gt;alert(1)&lt;/script&gt;').length).toBeGreaterThan(18);
      expect(html).toContain('<details class="faq">');
      expect(html).toContain('<figure class="card"><blockquote>');
    }
  });
});

describe('the contact form', () => {
  let page: WebsitePageResponse;
  beforeAll(async () => {
    page = await newPage('Contact', 'contact');
    await save(page.id, {
      title: 'Contact',
      sections: [{ id: 'c', type: 'contact_form', heading: 'Write to us' }],
    });
    await publish(page.id);
  });

  const leads = (email: string) =>
    server.db
      .select({ id: customers.id, reference: customers.reference, firstName: customers.firstName })
      .from(customers)
      .where(and(eq(customers.accountId, accountId), eq(customers.email, email)));

  it('makes a lead with a note and tells staff once', async () => {
    const response = await post('/s/ws-party/contact', {
      page: 'contact',
      section: 'c',
      name: 'Ana María Ruiz',
      email: 'ana.contact@example.com',
      phone: '(512) 555-0142',
      message: 'Do you have a castle for 12 June?',
      website: '',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/s/ws-party/pages/contact?sent=c#s-c');
    const thanks = await (await visit('/s/ws-party/pages/contact?sent=c')).text();
    expect(thanks).toContain("Thanks! We'll be in touch soon.");

    const [lead] = await leads('ana.contact@example.com');
    expect(lead).toMatchObject({ reference: 'Website contact form', firstName: 'Ana María' });
    const notes = await server.db
      .select({ title: customerJourneyEvents.title, detail: customerJourneyEvents.detail })
      .from(customerJourneyEvents)
      .where(eq(customerJourneyEvents.customerId, lead?.id as string));
    expect(notes).toEqual([
      {
        title: 'Message from the website contact form',
        detail: 'Do you have a castle for 12 June?\n\nPhone: (512) 555-0142',
      },
    ]);
    const sent = await server.db
      .select({ to: emails.toAddress, subject: emails.subject, text: emails.text })
      .from(emails)
      .where(and(eq(emails.accountId, accountId), eq(emails.kind, 'staff_website_contact')));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('website-owner@tentpole.test');
    expect(sent[0]?.subject).toBe('Website message from Ana María Ruiz');
    expect(sent[0]?.text).toContain(`/customers/${lead?.id}`);

    // The same shopper again: the same customer, a second note.
    await post('/s/ws-party/contact', {
      page: 'contact',
      section: 'c',
      name: 'Ana Ruiz',
      email: 'ANA.CONTACT@example.com',
      message: 'And a slide?',
    });
    expect(await leads('ana.contact@example.com')).toHaveLength(1);
  });

  it('refuses bad input with the fields marked, and records nothing', async () => {
    const response = await post('/s/ws-party/contact', {
      page: 'contact',
      section: 'c',
      name: '',
      email: 'not-an-email',
      message: '<script>alert(1)</script>',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Enter your name');
    expect(html).toContain('Enter a valid e-mail address');
    expect(html).toContain('aria-invalid="true" aria-describedby="c-email-error"');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;</textarea>');
    await expectValidHtml(html, 'the contact form with its errors');
    expect(await leads('not-an-email')).toHaveLength(0);
  });

  it('thanks a robot that fills the hidden field, and records nothing', async () => {
    const response = await post('/s/ws-party/contact', {
      page: 'contact',
      section: 'c',
      name: 'Robot',
      email: 'robot@example.com',
      message: 'Buy now',
      website: 'http://spam.example',
    });
    expect(response.status).toBe(303);
    expect(await leads('robot@example.com')).toHaveLength(0);
  });

  it('refuses a post from another site, and a page without a form', async () => {
    const fields = {
      page: 'contact',
      section: 'c',
      name: 'X',
      email: 'x@example.com',
      message: 'Hi',
    };
    expect((await post('/s/ws-party/contact', fields, 'https://evil.example')).status).toBe(403);
    expect((await post('/s/ws-party/contact', { ...fields, page: 'about' })).status).toBe(404);
    expect(await leads('x@example.com')).toHaveLength(0);
  });
});

describe('the contact form limit', () => {
  it('refuses a sixth message from one address within the hour, saying why', async () => {
    const statuses: number[] = [];
    let refused = '';
    for (let i = 0; i < 6; i++) {
      const response = await post('/s/ws-party/contact', {
        page: 'contact',
        section: 'c',
        name: 'Busy Writer',
        email: `busy${i}@example.com`,
        message: 'Hello again',
      });
      statuses.push(response.status);
      if (response.status === 429) refused = await response.text();
    }
    // Earlier tests sent two messages from this address; the limit is five an hour.
    expect(statuses.filter((s) => s === 303)).toHaveLength(3);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
    expect(refused).toContain(
      'You sent several messages already. Try again in an hour, or call us.',
    );
  });
});

describe('sitemap and robots.txt', () => {
  it('lists the published pages, categories and products with absolute addresses', async () => {
    const response = await visit('/s/ws-party/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const base = `${server.baseUrl}/s/ws-party`;
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(base);
    expect(locs).toContain(`${base}/pages/about`);
    expect(locs).toContain(`${base}/c/bounce-houses`);
    expect(locs).toContain(`${base}/p/castle-bounce-house`);
    expect(locs).not.toContain(`${base}/pages/private`);
    expect(locs.join()).not.toContain('hidden-generator');
    // Every element closes: <url> pairs match.
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });

  it('allows the pages, keeps crawlers out of the cart and checkout, and names the sitemap', async () => {
    const text = await (await visit('/s/ws-party/robots.txt')).text();
    expect(text).toBe(
      [
        'User-agent: *',
        'Allow: /s/ws-party',
        'Disallow: /s/ws-party/cart',
        'Disallow: /s/ws-party/checkout',
        'Disallow: /s/ws-party/confirmation',
        `Sitemap: ${server.baseUrl}/s/ws-party/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});
