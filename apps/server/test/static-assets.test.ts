import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// A built web app in miniature: what `vite build` and its precompression write (decision 0016).
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const SCRIPT_BR = brotliCompressSync(SCRIPT);
const SCRIPT_GZ = gzipSync(SCRIPT);

let distDir: string;
let server: TestServer;
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'tentpole-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, 'assets/app-abc12345.js'), SCRIPT);
  writeFileSync(path.join(distDir, 'assets/app-abc12345.js.br'), SCRIPT_BR);
  writeFileSync(path.join(distDir, 'assets/app-abc12345.js.gz'), SCRIPT_GZ);
  server = await startTestServer({ webDistDir: distDir, seed: false });
});
afterAll(async () => {
  await server?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

/** A GET with node:http, which leaves the body as sent (fetch would decompress it). */
function rawGet(
  pathname: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    get(`${server.baseUrl}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the built web app', () => {
  it('answers a hashed script in brotli to a browser that accepts it, cached for a year', async () => {
    const response = await rawGet('/assets/app-abc12345.js', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary?.toLowerCase()).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.body.equals(SCRIPT_BR)).toBe(true);
  });

  it('answers gzip to a browser that accepts gzip only', async () => {
    const response = await rawGet('/assets/app-abc12345.js', 'gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary?.toLowerCase()).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body.equals(SCRIPT_GZ)).toBe(true);
  });

  it('answers the plain file to a client that accepts no encoding', async () => {
    const response = await rawGet('/assets/app-abc12345.js');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary?.toLowerCase()).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body.toString()).toBe(SCRIPT);
  });

  it.each(['/', '/customers', '/customers/42?tab=orders'])(
    'answers %s with index.html, revalidated on every visit',
    async (pathname) => {
      const response = await rawGet(pathname);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body.toString()).toBe(INDEX_HTML);
    },
  );

  it('does not answer a missing hashed file with index.html', async () => {
    const response = await rawGet('/assets/app-0ld0ld00.js');
    expect(response.status).toBe(404);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('leaves /api to the API', async () => {
    const response = await rawGet('/api/no-such-route');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
