import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** back-office spec §10: one website page's draft, its sections and a live preview. */
export const websitePageEditorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/website/pages/$pageId',
  staticData: { title: 'Edit page', permission: 'website.read' },
  component: lazyRouteComponent(
    () => import('./website-page-editor-page'),
    'WebsitePageEditorPage',
  ),
});
