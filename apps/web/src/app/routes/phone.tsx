import { createRoute, lazyRouteComponent, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

const VIEWS = ['calls', 'messages'] as const;
export type View = (typeof VIEWS)[number];

const phoneSearchSchema = z.object({
  // One of the call log's filters, or a name or number to search for (spec §7).
  filter: z.string().trim().max(100).catch('all').default('all'),
  // The text conversations' filter: all, unread, or a name, number or text (spec §7).
  texts: z.string().trim().max(100).catch('all').default('all'),
  /** The open conversation. */
  conversation: z.string().max(100).optional().catch(undefined),
  /** A new text to this number (click-to-text from a customer, E.164). */
  compose: z.string().max(40).optional().catch(undefined),
  /** Calls or messages, where the screen is too narrow for both. */
  view: z.enum(VIEWS).optional().catch(undefined),
});

export const phoneRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/phone',
  validateSearch: phoneSearchSchema,
  search: { middlewares: [stripSearchParams({ filter: 'all', texts: 'all' })] },
  staticData: { title: 'Reach', permission: 'phone.read' },
  component: lazyRouteComponent(() => import('./phone-page'), 'PhonePage'),
});
