import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOtherBody } from '../src/http/route-table.js';
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
        parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
        responses?: Record<
          string,
          { content?: Record<string, { schema?: Record<string, unknown> }> }
        >;
        requestBody?: {
          content: Record<string, { schema: { properties?: Record<string, unknown> } }>;
        };
      }
    >
  >;
};

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every route the table declares, with its summary and status', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as Document;
    expect(document.openapi).toBe('3.1.0');
    for (const route of server.routes.declared) {
      const path = route.path.replace(/:([a-zA-Z]+)/g, '{$1}');
      const method = route.method === 'ALL' ? 'get' : route.method.toLowerCase();
      const operation = document.paths[path]?.[method];
      expect(operation?.summary, `${route.method} ${route.path}`).toBeTruthy();
      expect(Object.keys(operation?.responses ?? {}), `${route.method} ${route.path}`).toContain(
        String(route.status ?? 200),
      );
    }
  });

  it('gives every JSON route a response schema, and says what the others send', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as Document;
    const withoutSchema: string[] = [];
    for (const route of server.routes.declared) {
      if (isOtherBody(route.response)) continue;
      const path = route.path.replace(/:([a-zA-Z]+)/g, '{$1}');
      const method = route.method === 'ALL' ? 'get' : route.method.toLowerCase();
      const success = document.paths[path]?.[method]?.responses?.[String(route.status ?? 200)];
      const schema = success?.content?.['application/json']?.schema;
      if (!schema || Object.keys(schema).length === 0)
        withoutSchema.push(`${route.method} ${route.path}`);
    }
    expect(withoutSchema).toEqual([]);
  });

  it('answers 201 where a route creates, and types its query parameters', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as Document;
    expect(Object.keys(document.paths['/api/customers']?.post?.responses ?? {})).toContain('201');
    expect(Object.keys(document.paths['/api/customers']?.post?.responses ?? {})).not.toContain(
      '200',
    );
    const page = document.paths['/api/customers']?.get?.parameters?.find((p) => p.name === 'page');
    expect(page?.in).toBe('query');
    expect(page?.schema).toMatchObject({ type: expect.stringMatching(/integer|number/) });
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
