import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_DOCS } from '../src/http/openapi.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false, sentryDsn: 'https://key@sentry.example/1' });
});
afterAll(() => server?.close());

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary: string;
        requestBody?: {
          content: Record<string, { schema: { properties?: Record<string, unknown> } }>;
        };
      }
    >
  >;
};

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every route the table declares, each with a summary', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as Document;
    expect(document.openapi).toBe('3.1.0');
    const missing = server.routes.declared
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !ROUTE_DOCS[key]);
    expect(missing, 'document these routes in ROUTE_DOCS').toEqual([]);
    for (const route of server.routes.declared) {
      const path = route.path.replace(/:([a-zA-Z]+)/g, '{$1}');
      const method = route.method === 'ALL' ? 'get' : route.method.toLowerCase();
      expect(document.paths[path]?.[method]?.summary, `${route.method} ${route.path}`).toBeTruthy();
    }
  });

  it('describes request bodies from the domain schemas', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as Document;
    const create =
      document.paths['/api/customers']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(create?.properties ?? {})).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'phoneNumber', 'points', 'banned']),
    );
  });

  it('describes the recent sales answer as a bare list (spec §7 "a list")', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const ok = document.paths['/api/account/stats/recentSales']?.get?.responses['200'] as {
      content?: Record<string, { schema: { type?: string; items?: { required?: string[] } } }>;
    };
    const schema = ok.content?.['application/json']?.schema;
    expect(schema?.type).toBe('array');
    expect(schema?.items?.required).toEqual(expect.arrayContaining(['amountCents', 'paidAt']));
  });

  it('serves a reference page at /api/docs', async () => {
    const response = await fetch(`${server.baseUrl}/api/docs`);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('Tentpole API reference');
    expect(html).toContain('/api/customers/{id}/journey');
  });
});
