import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { resolveShortLink } from './queries.js';

const tag = 'Links';
const HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};
const pageOf = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1c1917}main{max-width:32rem;margin:0 auto}</style></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;

export function linkRoutes({ db, clock }: FeatureContext): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/l/:code',
      access: {
        public: 'A short link texted to a customer: its unguessable code stands for the link.',
      },
      summary: 'A short link: redirects to the order page or payment page it stands for.',
      tag,
      response: { kind: 'html', description: 'A redirect, or a page saying the link is gone.' },
      async handler(c) {
        const found = await resolveShortLink(db, c.req.param('code') ?? '', clock());
        if (!found)
          return c.html(
            pageOf('Link not found', 'This link is not valid. Please ask us for a new one.'),
            404,
            HEADERS,
          );
        if ('expired' in found)
          return c.html(
            pageOf('This link has expired', 'Please ask us for a new one.'),
            410,
            HEADERS,
          );
        return c.redirect(found.target, 302);
      },
    },
  ];
}
