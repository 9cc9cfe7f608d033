import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** back-office spec §10: the website builder's pages. */
export const websiteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/website',
  staticData: { title: 'Website Builder', permission: 'website.read' },
  component: lazyRouteComponent(() => import('./website-page'), 'WebsitePage'),
});
