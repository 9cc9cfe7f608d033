import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

const PRIVATE_V4: [number, number][] = [
  [0x0a000000, 8], // 10.0.0.0/8
  [0xac100000, 12], // 172.16.0.0/12
  [0xc0a80000, 16], // 192.168.0.0/16
  [0x7f000000, 8], // 127.0.0.0/8 loopback
  [0xa9fe0000, 16], // 169.254.0.0/16 link-local
  [0x64400000, 10], // 100.64.0.0/10 carrier-grade NAT
  [0x00000000, 8], // 0.0.0.0/8
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const n = v4ToInt(address);
    return PRIVATE_V4.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
  }
  const a = address.toLowerCase();
  if (a.startsWith('::ffff:')) return isPrivateAddress(a.slice(7));
  return (
    a === '::1' || a === '::' || a.startsWith('fc') || a.startsWith('fd') || /^fe[89ab]/.test(a)
  );
}

const isLoopback = (address: string) =>
  address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));

/**
 * A Slack webhook is a URL someone typed into settings and we then POST to from inside our
 * network: it must be https and resolve only to public addresses, or we'd be a way in to
 * private services. `allowLoopback` (tests only) admits an http receiver on loopback.
 */
export async function checkWebhookUrl(
  raw: string,
  { allowLoopback = false } = {},
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  // Only https leaves the building; plain http only ever for a test receiver on loopback.
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:'))
    return 'only https URLs';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((r) => r.address);
  if (addresses.length === 0) return 'the host does not resolve';
  if (allowLoopback && addresses.every(isLoopback)) return null;
  if (url.protocol !== 'https:') return 'only https URLs';
  if (addresses.some(isPrivateAddress)) return 'a private, loopback or link-local address';
  return null;
}
