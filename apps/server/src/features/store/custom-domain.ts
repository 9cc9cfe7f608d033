import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import type { StoreDomain } from '@tentpole/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.js';
import type { AppEnv } from '../../http/app-env.js';
import { AppError } from '../../http/app-error.js';
import { isCustomHost, markCustomHost } from '../../http/custom-host.js';
import { storeDomainOf, storeSlugByDomain } from './queries.js';
import { storeSettings } from './tables.js';

/**
 * A store's custom domain (decision 0068): the owner points the domain at the app's host with a
 * CNAME and proves control with a TXT record `_tentpole.<domain>` holding a random token; once
 * found, requests whose Host is the domain are the store.
 */

export const TXT_PREFIX = '_tentpole';

const fieldError = (message: string) =>
  new AppError('validation_failed', 'Some fields are not valid.', { domain: [message] });

/** The domain as the Website Settings tab shows it: the records to add, and its state. */
export function domainView(
  row: { domain: string; token: string; verifiedAt: Date | null },
  appHost: string,
): StoreDomain {
  return {
    domain: row.domain,
    status: row.verifiedAt ? 'verified' : 'pending',
    cnameTarget: appHost,
    txtName: `${TXT_PREFIX}.${row.domain}`,
    txtValue: row.token,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

/** Maps `domain` to the account's store, pending, with a new token (the same domain: kept). */
export async function setStoreDomain(db: Db, accountId: string, domain: string, appHost: string) {
  if (domain === appHost || domain.endsWith(`.${appHost}`))
    throw fieldError('This is Tentpole’s own address: enter a domain you own');
  const current = await storeDomainOf(db, accountId);
  if (current?.domain === domain) return current;
  const [store] = await db
    .select({ slug: storeSettings.slug })
    .from(storeSettings)
    .where(eq(storeSettings.accountId, accountId));
  if (!store) throw fieldError('Save the store’s address first, then add its domain');
  const [taken] = await db
    .select({ accountId: storeSettings.accountId })
    .from(storeSettings)
    .where(and(eq(storeSettings.customDomain, domain), ne(storeSettings.accountId, accountId)));
  if (taken) throw fieldError('Another store uses this domain');
  const token = `tentpole-verify-${randomBytes(16).toString('hex')}`;
  try {
    await db
      .update(storeSettings)
      .set({
        customDomain: domain,
        domainToken: token,
        domainVerifiedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(storeSettings.accountId, accountId));
  } catch (error) {
    // Two stores asking for one domain at once: the unique index says no to the second.
    if (String((error as { code?: string }).code) === '23505')
      throw fieldError('Another store uses this domain');
    throw error;
  }
  if (current) forgetStoreHost(current.domain);
  return { domain, token, verifiedAt: null };
}

export async function removeStoreDomain(db: Db, accountId: string) {
  const current = await storeDomainOf(db, accountId);
  await db
    .update(storeSettings)
    .set({ customDomain: null, domainToken: null, domainVerifiedAt: null, updatedAt: new Date() })
    .where(eq(storeSettings.accountId, accountId));
  if (current) forgetStoreHost(current.domain);
}

/** The TXT records at `name` (each record's strings joined), or null when DNS did not answer. */
async function txtRecords(name: string, servers: string[]): Promise<string[] | null> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    const code = (error as { code?: string }).code;
    // The name or its TXT records do not exist (yet): an answer, not a failure.
    if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'NXDOMAIN') return [];
    return null;
  }
}

/** "Check DNS": looks for the token at `_tentpole.<domain>`; found, the domain is verified. */
export async function verifyStoreDomain(
  db: Db,
  accountId: string,
  servers: string[],
  now: Date,
): Promise<{ row: { domain: string; token: string; verifiedAt: Date | null }; message: string }> {
  const current = await storeDomainOf(db, accountId);
  if (!current) throw new AppError('not_found', 'Add a custom domain first.');
  const name = `${TXT_PREFIX}.${current.domain}`;
  const records = await txtRecords(name, servers);
  if (records === null)
    return {
      row: current,
      message: 'We could not reach DNS just now. Try again in a minute.',
    };
  if (!records.includes(current.token))
    return {
      row: current,
      message: records.length
        ? `The TXT record ${name} does not hold the value shown here yet. DNS changes can take up to an hour to be seen.`
        : `We could not find the TXT record ${name} yet. DNS changes can take up to an hour to be seen.`,
    };
  const verifiedAt = current.verifiedAt ?? now;
  await db
    .update(storeSettings)
    .set({ domainVerifiedAt: verifiedAt, updatedAt: now })
    .where(
      and(eq(storeSettings.accountId, accountId), eq(storeSettings.customDomain, current.domain)),
    );
  forgetStoreHost(current.domain);
  return {
    row: { ...current, verifiedAt },
    message: `${current.domain} is verified: your store answers there once its CNAME points at us.`,
  };
}

/** Host → slug for a few seconds: instances agree within that long after a change. */
const HOST_TTL_MS = 5_000;
const hostCache = new Map<string, { slug: string | null; until: number }>();
export const forgetStoreHost = (host: string) => void hostCache.delete(host);

/** The store served on `host` (a verified custom domain), from the short cache or the database. */
export async function storeSlugForHost(db: Db, host: string): Promise<string | null> {
  const now = Date.now();
  const cached = hostCache.get(host);
  if (cached && cached.until > now) return cached.slug;
  const slug = await storeSlugByDomain(db, host);
  // Any Host header can be sent: the cache stays small whatever arrives.
  if (hostCache.size >= 1_000) hostCache.clear();
  hostCache.set(host, { slug, until: now + HOST_TTL_MS });
  return slug;
}

/** A host name that could be a custom domain: has a dot, is not an IP address. */
const couldBeDomain = (host: string) =>
  host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[');

/**
 * Serves a verified custom domain as its store: `/` is the store's home, `/<rest>` is
 * `/s/{slug}/<rest>` (and `/s/{slug}/...` itself, which the pages link to); `/api/*` and the
 * app's own pages are not found there, so no session cookie is ever used on the domain.
 * Other hosts (the app's own) go on as before.
 */
export function storeHostRouter(
  db: Db,
  appHost: () => string | null,
  dispatch: (request: Request, env: unknown) => Response | Promise<Response>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isCustomHost(c)) return next();
    const host = (c.req.header('host') ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!couldBeDomain(host) || host === appHost()) return next();
    const slug = await storeSlugForHost(db, host);
    if (!slug) return next();
    const url = new URL(c.req.url);
    const path = url.pathname;
    if (path === '/api' || path.startsWith('/api/')) return c.text('Not found', 404);
    const storePath =
      path === `/s/${slug}` || path.startsWith(`/s/${slug}/`) || path.startsWith('/s/assets/');
    url.pathname = storePath ? path : `/s/${slug}${path === '/' ? '' : path}`;
    const raw = c.req.raw;
    const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD';
    const request = new Request(url, {
      method: raw.method,
      headers: raw.headers,
      ...(hasBody ? { body: raw.body, duplex: 'half' } : {}),
    } as RequestInit);
    markCustomHost(request);
    return dispatch(request, c.env);
  };
}
