import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  Outlet,
  useMatches,
  useRouterState,
} from '@tanstack/react-router';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { AuthGuard } from '@/features/auth/components/auth-guard';
import { NotFoundPage } from './not-found';

export type RouterContext = {
  queryClient: QueryClient;
};

/**
 * Every page requires a signed-in user unless its route sets `staticData: { public: true }`
 * (spec §2 Shell: pages may opt out of authentication and supply their own layout).
 */
function RootLayout() {
  const isPublic = useMatches({
    select: (matches) => matches.some((match) => match.staticData.public === true),
  });
  // spec §2 Shell: a full-screen spinner from the start of a route change until it completes.
  const isChangingRoute = useRouterState({ select: (state) => state.status === 'pending' });

  return (
    <>
      {isPublic ? (
        <Outlet />
      ) : (
        <AuthGuard>
          <Outlet />
        </AuthGuard>
      )}
      {isChangingRoute && <FullScreenSpinner delayed />}
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
