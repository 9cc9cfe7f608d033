import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

const newCustomerSearchSchema = z.object({
  /** Prefills the phone number: "Add customer" from a text conversation with an unknown number. */
  phoneNumber: z.string().trim().max(40).optional().catch(undefined),
});

export const newCustomerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/customers/new',
  validateSearch: newCustomerSearchSchema,
  staticData: { title: 'New Customer', permission: 'customer.write' },
  component: lazyRouteComponent(() => import('./new-customer-page'), 'NewCustomerPage'),
});
