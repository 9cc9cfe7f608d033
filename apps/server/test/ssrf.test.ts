import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  isPublicAddress,
  postToWebhook,
} from '../src/features/phone/texts/slack-url-guard.js';

describe('which addresses a webhook may reach', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1', // carrier-grade NAT
    '198.18.0.1', // benchmarking
    '240.0.0.1', // reserved
    '0.0.0.0',
    '::1',
    '::ffff:127.0.0.1', // IPv4-mapped
    '::ffff:7f00:1', // the same, as URL parsing writes it
    '::127.0.0.1', // IPv4-compatible
    '64:ff9b::7f00:1', // NAT64
    'fd00::1', // unique local
    'fe80::1', // link-local
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'])('admits %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses an IPv4-mapped IPv6 loopback URL', () => {
    expect(checkWebhookUrl('https://[::ffff:127.0.0.1]:8443/hook')).not.toBeNull();
  });
});

describe('posting to a webhook', () => {
  let receiver: ReturnType<typeof createServer>;
  let port = 0;
  let received = 0;
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      received++;
      request.resume();
      response.statusCode = request.url === '/redirect' ? 302 : 200;
      if (request.url === '/redirect') response.setHeader('location', 'http://10.0.0.1/');
      response.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  it('judges the address where the socket opens: a name resolving to loopback is refused', async () => {
    // The URL alone names no address to refuse; the lookup at connect time does.
    expect(checkWebhookUrl(`https://localhost:${port}/hook`)).toBeNull();
    await expect(postToWebhook(`https://localhost:${port}/hook`, {})).rejects.toMatchObject({
      code: 'EADDRREFUSED',
    });
    expect(received).toBe(0);
  });

  it('posts to a loopback receiver when tests allow it, and follows no redirect', async () => {
    expect(
      await postToWebhook(`http://localhost:${port}/hook`, { text: 'hi' }, { allowLoopback: true }),
    ).toBe(200);
    expect(
      await postToWebhook(`http://localhost:${port}/redirect`, {}, { allowLoopback: true }),
    ).toBe(302);
    expect(received).toBe(2);
  });
});
