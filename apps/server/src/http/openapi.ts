import {
  accountOverviewSchema,
  callLogQuerySchema,
  callLogResponseSchema,
  clickToCallInputSchema,
  conversationDetailResponseSchema,
  conversationListResponseSchema,
  conversationPageInputSchema,
  createTeamInputSchema,
  createTextInputSchema,
  customerDocumentsResponseSchema,
  customerInputSchema,
  customerJourneyResponseSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerOrdersResponseSchema,
  customerPatchSchema,
  customerResponseSchema,
  errorBodySchema,
  phoneInfoSchema,
  phoneSettingsSchema,
  recentSalesResponseSchema,
  sendMessageInputSchema,
  sendTextResultSchema,
  statResponseSchema,
  teamsResponseSchema,
  textListQuerySchema,
  voiceDeviceOptionsSchema,
  voiceTokenResponseSchema,
} from '@tentpole/domain';
import { z } from 'zod';
import type { DeclaredRoute } from './route-table.js';

type Doc = {
  summary: string;
  request?: z.ZodType;
  query?: z.ZodObject;
  response?: z.ZodType;
  tag: string;
};

const stat = (summary: string): Doc => ({
  summary,
  response: statResponseSchema,
  tag: 'Dashboard',
});

/**
 * What the reference says of each route, from the same zod schemas the server validates with
 * and the web app reads with. A route without an entry here fails the OpenAPI test.
 */
export const ROUTE_DOCS: Record<string, Doc> = {
  'GET /api/health': { summary: 'The server and its database answer.', tag: 'System' },
  'POST /api/auth/_log': { summary: "The auth client's error log.", tag: 'Auth' },
  'ALL /api/auth/*': {
    summary: 'Auth.js: session, csrf, providers, signin, callback/credentials, signout.',
    tag: 'Auth',
  },
  'GET /api/account': {
    summary: "The active account's settings and plan.",
    response: accountOverviewSchema,
    tag: 'Account',
  },
  'GET /api/account/teams': {
    summary: "The user's accounts, held and joined.",
    response: teamsResponseSchema,
    tag: 'Account',
  },
  'POST /api/account/teams': {
    summary: 'Start a new account the user holds.',
    request: createTeamInputSchema,
    tag: 'Account',
  },
  'GET /api/account/stats/cartSessions': stat('Cart sessions: last 7 days against the 7 before.'),
  'GET /api/account/stats/newCustomers': stat('New customers: last 7 days against the 7 before.'),
  'GET /api/account/stats/orders': stat('Orders placed: last 7 days against the 7 before.'),
  'GET /api/account/stats/ytdRevenue': stat(
    'Payments since 1 January, in cents, against the same span last year.',
  ),
  'GET /api/account/stats/recentSales': {
    summary: 'The ten latest payments, newest first (a bare list).',
    response: recentSalesResponseSchema,
    tag: 'Dashboard',
  },
  'GET /api/account/stats/sales': {
    summary: 'Payments per month for the last 12 months, with the total.',
    tag: 'Dashboard',
  },
  'GET /api/customers': {
    summary: 'Search and page through customers.',
    query: customerListQuerySchema,
    response: customerListResponseSchema,
    tag: 'Customers',
  },
  'POST /api/customers': {
    summary: 'Add a customer.',
    request: customerInputSchema,
    response: customerResponseSchema,
    tag: 'Customers',
  },
  'GET /api/customers/:id': {
    summary: 'One customer.',
    response: customerResponseSchema,
    tag: 'Customers',
  },
  'PATCH /api/customers/:id': {
    summary: "Change a customer's fields.",
    request: customerPatchSchema,
    response: customerResponseSchema,
    tag: 'Customers',
  },
  'GET /api/customers/:id/orders': {
    summary: "A customer's orders with lines and payments.",
    response: customerOrdersResponseSchema,
    tag: 'Customers',
  },
  'GET /api/customers/:id/documents': {
    summary: "A customer's quotes, invoices and contracts.",
    response: customerDocumentsResponseSchema,
    tag: 'Customers',
  },
  'GET /api/customers/:id/phone': { summary: "A customer's calls and texts.", tag: 'Customers' },
  'GET /api/customers/:id/journey': {
    summary: 'Everything that happened with a customer, newest first.',
    response: customerJourneyResponseSchema,
    tag: 'Customers',
  },
  'GET /api/phone/': {
    summary: 'Phone info: service, messaging status, click-to-call.',
    response: phoneInfoSchema,
    tag: 'Reach',
  },
  'GET /api/phone': {
    summary: 'Phone info (without the trailing slash).',
    response: phoneInfoSchema,
    tag: 'Reach',
  },
  'GET /api/phone/voice/token': {
    summary: 'A one-hour voice access token for this user in this account.',
    response: voiceTokenResponseSchema,
    tag: 'Reach',
  },
  'GET /api/phone/voice/options': {
    summary: "How the browser's Voice SDK reaches the carrier.",
    response: voiceDeviceOptionsSchema,
    tag: 'Reach',
  },
  'POST /api/phone/voice/call': {
    summary: "Ring the user's mobile, then connect it to the number.",
    request: clickToCallInputSchema,
    tag: 'Reach',
  },
  'GET /api/phone/calls': {
    summary: 'The call log.',
    query: callLogQuerySchema,
    response: callLogResponseSchema,
    tag: 'Reach',
  },
  'GET /api/phone/calls/:id/voicemail': { summary: "A call's voicemail audio.", tag: 'Reach' },
  'GET /api/phone/settings': {
    summary: 'Phone settings (404: not set up).',
    response: phoneSettingsSchema,
    tag: 'Reach',
  },
  'POST /api/phone/settings/save': {
    summary: 'Save phone settings.',
    request: phoneSettingsSchema,
    response: phoneSettingsSchema,
    tag: 'Reach',
  },
  'GET /api/phone/text': {
    summary: 'Text conversations.',
    query: textListQuerySchema,
    response: conversationListResponseSchema,
    tag: 'Reach',
  },
  'POST /api/phone/text/create': {
    summary: 'Text a number (starts or continues its conversation).',
    request: createTextInputSchema,
    response: sendTextResultSchema,
    tag: 'Reach',
  },
  'POST /api/phone/text/:conversationId': {
    summary: "A page of a conversation's messages; reading marks it read.",
    request: conversationPageInputSchema,
    response: conversationDetailResponseSchema,
    tag: 'Reach',
  },
  'POST /api/phone/text/:conversationId/sendMessage': {
    summary: 'Reply in a conversation.',
    request: sendMessageInputSchema,
    tag: 'Reach',
  },
  'GET /api/events': { summary: 'Server-Sent Events for the active account.', tag: 'Realtime' },
  'POST /api/phone/webhooks/voice': {
    summary: 'Carrier: a call to a business number or from a browser (TwiML).',
    tag: 'Carrier webhooks',
  },
  'POST /api/phone/webhooks/voice/click-to-call': {
    summary: "Carrier: the user's mobile answered a click-to-call.",
    tag: 'Carrier webhooks',
  },
  'POST /api/phone/webhooks/voice/dial-result': {
    summary: 'Carrier: how a Dial ended.',
    tag: 'Carrier webhooks',
  },
  'POST /api/phone/webhooks/voice/voicemail-done': {
    summary: 'Carrier: a voicemail finished.',
    tag: 'Carrier webhooks',
  },
  'POST /api/phone/webhooks/voice/status': {
    summary: 'Carrier: call status callbacks.',
    tag: 'Carrier webhooks',
  },
  'POST /api/phone/webhooks/voice/recording': {
    summary: 'Carrier: a recording is ready.',
    tag: 'Carrier webhooks',
  },
  'POST /api/phone/webhooks/sms': { summary: 'Carrier: an inbound text.', tag: 'Carrier webhooks' },
  'POST /api/phone/webhooks/sms/status': {
    summary: 'Carrier: text status callbacks.',
    tag: 'Carrier webhooks',
  },
  'POST /monitoring': {
    summary: 'Browser error reports, passed to the configured DSN only.',
    tag: 'System',
  },
  'GET /api/openapi.json': { summary: 'This document.', tag: 'System' },
  'GET /api/docs': { summary: 'A reference page for this document.', tag: 'System' },
};

const json = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

/** The OpenAPI 3.1 document of every route the table declares. */
export function openApiDocument(routes: readonly DeclaredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = {
    description: 'An error',
    content: { 'application/json': { schema: json(errorBodySchema, 'output') } },
  };
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const doc = ROUTE_DOCS[key];
    const path = route.path.replace(/:([a-zA-Z]+)/g, '{$1}');
    const params = [...route.path.matchAll(/:([a-zA-Z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const query = doc?.query
      ? Object.keys(doc.query.shape).map((name) => ({
          name,
          in: 'query',
          required: false,
          schema: { type: 'string' },
        }))
      : [];
    const access = route.access;
    const operation = {
      summary: doc?.summary ?? '',
      tags: [doc?.tag ?? 'Other'],
      ...('public' in access ? { security: [] } : {}),
      'x-access':
        'public' in access
          ? { public: access.public }
          : 'permission' in access
            ? { permission: access.permission }
            : { signedIn: true },
      parameters: [...params, ...query],
      ...(doc?.request
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: json(doc.request, 'input') } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'OK',
          ...(doc?.response
            ? { content: { 'application/json': { schema: json(doc.response, 'output') } } }
            : {}),
        },
        ...('public' in access ? {} : { '401': errorResponse, '403': errorResponse }),
        '400': errorResponse,
        '404': errorResponse,
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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

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
        { request: o.requestBody ?? null, response: o.responses['200']?.content ?? null },
        null,
        2,
      );
      return `<details><summary><code>${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> — ${escapeHtml(o.summary)} <small>(${escapeHtml(o.tags.join(', '))}; ${escapeHtml(access)})</small></summary><pre>${escapeHtml(detail)}</pre></details>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tentpole API reference</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1c1917}summary{cursor:pointer;padding:.35rem 0}code{background:#f5f5f4;padding:0 .25rem;border-radius:4px}pre{background:#fafaf9;border:1px solid #e7e5e4;padding:.75rem;overflow:auto;font-size:12px}small{color:#78716c}</style></head><body><h1>Tentpole API reference</h1><p>OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>. Requests use the session cookie; mutations must come from the app's own origin.</p>${rows.join('\n')}</body></html>`;
}
