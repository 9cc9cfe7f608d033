import { createRoute } from '@tanstack/react-router';
import type { Permission } from '@tentpole/domain';
import { NotBuiltPage } from '@/components/not-built-page';
import { type HeaderActionButton, PageHeaderActions } from '../shell/page-header-actions';
import { rootRoute } from './root';

type NotBuiltPageSpec = {
  title: string;
  description: string;
  /** The permission the page needs (spec §2), declared on its route. */
  permission?: Permission;
  actionButton?: HeaderActionButton;
};

function NotBuiltRouteView({ title, description, actionButton }: NotBuiltPageSpec) {
  return (
    <>
      {actionButton && <PageHeaderActions actionButton={actionButton} />}
      <NotBuiltPage title={title} description={description} />
    </>
  );
}

// Routes the navigation links to (spec §2) that later releases build. Each shows an honest
// "not built yet" page in the shell, so the links, breadcrumbs and titles work today.
function notBuiltRoute<TPath extends string>(path: TPath, page: NotBuiltPageSpec) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { title: page.title, permission: page.permission },
    component: () => <NotBuiltRouteView {...page} />,
  });
}

export const websiteRoute = notBuiltRoute('/website', {
  title: 'Website Builder',
  description: 'The website builder will publish your rental catalogue online.',
  permission: 'website.read',
});
export const notBuiltRoutes = [websiteRoute] as const;
