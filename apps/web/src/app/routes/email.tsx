import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

const emailSearchSchema = z.object({
  tab: z.enum(['templates', 'automations']).optional().catch(undefined),
});

/** back-office spec §8 Emails: the outbox and history, templates, automations. */
export const emailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/email',
  validateSearch: emailSearchSchema,
  staticData: { title: 'Emails', permission: 'email.read' },
  component: lazyRouteComponent(() => import('./email-page'), 'EmailPage'),
});
