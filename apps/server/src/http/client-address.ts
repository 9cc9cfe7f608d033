import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address, for per-address limits. By default the socket's peer: a header any
 * client can write is never believed. Behind `trustedProxies` proxies (TRUST_PROXY), each of
 * which appends the address it received from to X-Forwarded-For, the client is the entry the
 * outermost trusted proxy added: that many from the right. Entries further left were written by
 * whoever connected first, so they are ignored.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  const peer = (() => {
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  })();
  if (trustedProxies <= 0) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return hops[hops.length - trustedProxies] ?? hops[0] ?? peer;
}
