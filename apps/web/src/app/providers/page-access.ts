import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { can, type Permission } from '@tentpole/domain';
import { useAuthenticatedSession } from './authenticated-session';

/**
 * The permissions the page at `url` declares: its route's `staticData.permission` and those of
 * the layouts around it. Null when no route has that path.
 */
export function pagePermissions(router: AnyRouter, url: string): Permission[] | null {
  const pathname = url.split(/[?#]/, 1)[0] || '/';
  const [matchedRoutes, params, foundRoute] = router.getMatchedRoutes(pathname);
  // A path that only begins like a route ('/orders/new' on '/orders') matches it loosely, with
  // the rest in '**': no page has that path.
  if (!foundRoute || (params as Record<string, unknown>)['**'] !== undefined) return null;
  return matchedRoutes.flatMap((route) => route.options.staticData?.permission ?? []);
}

/** The permission of the page at `url`, for a navigation item or a link that shows it. */
export function pagePermission(router: AnyRouter, url: string): Permission | undefined {
  return pagePermissions(router, url)?.at(-1);
}

/** Whether the roles grant every permission a page declares. */
export function mayOpen(roles: readonly string[], permissions: readonly Permission[]): boolean {
  return permissions.every((permission) => can(roles, permission));
}

/** Whether the roles open the page at `url`: a page that exists, every permission it declares. */
export function mayOpenUrl(router: AnyRouter, roles: readonly string[], url: string): boolean {
  const permissions = pagePermissions(router, url);
  return permissions !== null && mayOpen(roles, permissions);
}

/**
 * Whether the signed-in user may open the page at `url`, as its route declares: for links
 * and actions that lead to a page, so they never write the page's permission again.
 */
export function useMayOpen(url: string): boolean {
  const router = useRouter();
  const { user } = useAuthenticatedSession();
  return mayOpenUrl(router, user.roles, url);
}
