import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { productMonthQuerySchema } from '@tentpole/domain';
import { z } from 'zod';
import { rootRoute } from './root';

const productDetailSearchSchema = z.object({
  /** The month of availability shown, 'YYYY-MM'; this month when absent. */
  month: productMonthQuerySchema.shape.month.optional().catch(undefined),
});

/** back-office spec §3: one product, its images, units, availability and maintenance. */
export const productDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$productId',
  validateSearch: productDetailSearchSchema,
  staticData: { title: 'Product', permission: 'product.read' },
  component: lazyRouteComponent(() => import('./product-detail-page'), 'ProductPage'),
});
