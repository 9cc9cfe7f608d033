import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { can, type Permission } from '@tentpole/domain';
import { useAuthenticatedSession } from './authenticated-session';

/**
 * The permissions the page at `url` declares: its route's `staticData.permission` and those of
 * the layouts around it. Null when no route has that path.
 */
export function pagePermissions(router: AnyRouter, url: string): Permission[] | null {
  const pathname = url.split(/[?#]/, 1)[0] || '/';
  const [matchedRoutes, , foundRoute] = router.getMatchedRoutes(pathname);
  if (!foundRoute) return null;
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

/**
 * Whether the signed-in user may open the page at `url`, as its route declares: for links
 * and actions that lead to a page, so they never write the page's permission again.
 */
export function useMayOpen(url: string): boolean {
  const router = useRouter();
  const { user } = useAuthenticatedSession();
  const permissions = pagePermissions(router, url);
  return permissions !== null && mayOpen(user.roles, permissions);
}
