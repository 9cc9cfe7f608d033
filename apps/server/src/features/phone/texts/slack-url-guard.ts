import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an address is an ordinary public one. Everything ipaddr.js names other than unicast
 * is refused: loopback, private, link-local, carrier-grade NAT, benchmarking (198.18/15),
 * reserved (240/4), multicast, NAT64 (64:ff9b::/96), 6to4, Teredo, unique-local. IPv4-mapped
 * (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) IPv6 addresses are judged as the IPv4
 * address they carry.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.parts.slice(0, 6).every((part) => part === 0)) {
      const [hi = 0, lo = 0] = v6.parts.slice(6);
      parsed = ipaddr.fromByteArray([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
    }
  }
  return parsed.range() === 'unicast';
}

const isLoopback = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/** The reason a URL may not be posted to, or null. Checked again at connect time. */
export function checkWebhookUrl(raw: string, { allowLoopback = false } = {}): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  // Only https leaves the building; plain http only ever for a test receiver on loopback.
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) {
    return 'only https URLs';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host) && !(allowLoopback && isLoopback(host))) {
    return 'a private, loopback or link-local address';
  }
  return null;
}

/**
 * DNS lookup that refuses any non-public answer: the address is judged where the socket is
 * opened, so a name that resolves to a public address when checked and to a private one a
 * moment later (DNS rebinding) is still refused.
 */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as LookupAddress[];
      const refused = addresses.find(
        (a) => !isPublicAddress(a.address) && !(allowLoopback && isLoopback(a.address)),
      );
      if (refused || addresses.length === 0) {
        const denial = new Error(`refused address ${refused?.address ?? '(none)'} for ${hostname}`);
        return callback(Object.assign(denial, { code: 'EADDRREFUSED' }), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * POSTs JSON to a webhook URL someone typed into settings, from inside our network: https only
 * (http to loopback in tests), public addresses only, checked at connect time, no redirect
 * followed, 10 s at most. Answers the status.
 */
export function postToWebhook(
  raw: string,
  body: unknown,
  { allowLoopback = false } = {},
): Promise<number> {
  const refused = checkWebhookUrl(raw, { allowLoopback });
  if (refused) return Promise.reject(new Error(`webhook URL refused: ${refused}`));
  const url = new URL(raw);
  const client = url.protocol === 'https:' ? https : http;
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        lookup: guardedLookup(allowLoopback),
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('timeout', () => request.destroy(new Error('the webhook did not answer in 10 s')));
    request.on('error', reject);
    request.end(payload);
  });
}
