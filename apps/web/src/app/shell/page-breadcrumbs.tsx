import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { Fragment } from 'react';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';

type Crumb = { title: string; path: string };

/**
 * spec §2 Header: Dashboard, then the pages on the way to this one: each leading part of the
 * path that is a page of its own ('/orders/driver/calendar' → Orders, Delivery Manager).
 */
export function PageBreadcrumbs() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ title: 'Dashboard', path: '/' }];
  segments.forEach((_, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const route = Object.values(router.routesByPath).find(
      (candidate) => candidate.fullPath === path,
    );
    const title = route?.options.staticData?.title;
    if (title) crumbs.push({ title, path });
  });

  return (
    <Breadcrumb className="min-w-0">
      <BreadcrumbList>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.path}>
              {index > 0 && <BreadcrumbSeparator />}
              <BreadcrumbItem className={isLast ? 'min-w-0' : undefined}>
                {isLast ? (
                  <BreadcrumbPage className="truncate">{crumb.title}</BreadcrumbPage>
                ) : (
                  <BreadcrumbLink asChild>
                    <Link to={crumb.path}>{crumb.title}</Link>
                  </BreadcrumbLink>
                )}
              </BreadcrumbItem>
            </Fragment>
          );
        })}
      </BreadcrumbList>
    </Breadcrumb>
  );
}
