import { errorBodySchema } from '@tentpole/domain';
import { z } from 'zod';
import { escapeHtml } from './escape-html.js';
import { type DeclaredRoute, isOtherBody } from './route-table.js';

const OTHER_CONTENT = {
  xml: 'application/xml',
  audio: 'audio/*',
  image: 'image/webp',
  pdf: 'application/pdf',
  stream: 'text/event-stream',
  html: 'text/html',
  auth: 'application/json',
  empty: null,
} as const;

const json = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

/**
 * The OpenAPI 3.1 document of every route the table declares, from what each route declares
 * beside its handler (summary, tag, request, query, response, status) and the same zod
 * schemas the server validates with and the web app reads with.
 */
export function openApiDocument(routes: readonly DeclaredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = {
    description: 'An error',
    content: { 'application/json': { schema: json(errorBodySchema, 'output') } },
  };
  for (const route of routes) {
    const path = route.path.replace(/:([a-zA-Z]+)/g, '{$1}');
    const params = [...route.path.matchAll(/:([a-zA-Z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const queryShape = route.query
      ? (json(route.query, 'input') as {
          properties?: Record<string, unknown>;
          required?: string[];
        })
      : null;
    const query = Object.entries(queryShape?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: queryShape?.required?.includes(name) ?? false,
      schema,
    }));
    const access = route.access;
    const status = String(route.status ?? 200);
    const response = route.response;
    let success: Record<string, unknown>;
    if (isOtherBody(response)) {
      const type = OTHER_CONTENT[response.kind];
      success = {
        description: response.description,
        ...(type ? { content: { [type]: {} } } : {}),
      };
    } else {
      success = {
        description: status === '201' ? 'Created' : 'OK',
        content: { 'application/json': { schema: json(response, 'output') } },
      };
    }
    const operation = {
      summary: route.summary,
      tags: [route.tag],
      ...('public' in access ? { security: [] } : {}),
      'x-access':
        'public' in access
          ? { public: access.public }
          : 'permission' in access
            ? {
                permission: access.permission,
                ...(access.also?.length ? { alsoNeeds: [...access.also] } : {}),
              }
            : { signedIn: true },
      parameters: [...params, ...query],
      ...(route.request
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: json(route.request, 'input') } },
            },
          }
        : {}),
      responses: {
        [status]: success,
        ...('public' in access ? {} : { '401': errorResponse, '403': errorResponse }),
        ...(route.request || route.query || params.length ? { '400': errorResponse } : {}),
        ...(params.length ? { '404': errorResponse } : {}),
        ...Object.fromEntries((route.errors ?? []).map((code) => [String(code), errorResponse])),
      },
    };
    const methods = route.method === 'ALL' ? ['get', 'post'] : [route.method.toLowerCase()];
    paths[path] ??= {};
    for (const method of methods) (paths[path] as Record<string, unknown>)[method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tentpole API',
      version: '1.0.0',
      description: 'The back office for party-rental businesses, with Reach.',
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'authjs.session-token' } },
    },
    security: [{ session: [] }],
    paths,
  };
}

/** A self-contained reference page (no scripts, so it works under the app's CSP). */
export function openApiPage(document: ReturnType<typeof openApiDocument>): string {
  const rows = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const o = op as {
        summary: string;
        tags: string[];
        'x-access': Record<string, unknown>;
        requestBody?: unknown;
        responses: Record<string, { content?: unknown }>;
      };
      const access = Object.entries(o['x-access'])
        .map(([k, v]) => (v === true ? k : `${k}: ${String(v)}`))
        .join('');
      const detail = JSON.stringify(
        {
          request: o.requestBody ?? null,
          response: Object.values(o.responses)[0]?.content ?? null,
        },
        null,
        2,
      );
      return `<details><summary><code>${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> — ${escapeHtml(o.summary)} <small>(${escapeHtml(o.tags.join(', '))}; ${escapeHtml(access)})</small></summary><pre>${escapeHtml(detail)}</pre></details>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tentpole API reference</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1c1917}summary{cursor:pointer;padding:.35rem 0}code{background:#f5f5f4;padding:0 .25rem;border-radius:4px}pre{background:#fafaf9;border:1px solid #e7e5e4;padding:.75rem;overflow:auto;font-size:12px}small{color:#78716c}</style></head><body><h1>Tentpole API reference</h1><p>OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>. Requests use the session cookie; mutations must come from the app's own origin.</p>${rows.join('\n')}</body></html>`;
}
