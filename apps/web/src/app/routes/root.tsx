import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  Outlet,
  useMatches,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useInstrumentation } from '@/app/providers/instrumentation-provider';
import { AnalyticsConsentPrompt } from '@/app/shell/analytics-consent-prompt';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { AuthGuard } from '@/features/auth/components/auth-guard';
import { useTitleBadge, withTitleBadge } from '@/lib/title-badge';
import { PageAccessGuard } from '../shell/page-access-guard';
import { NotFoundPage } from './not-found';

export type RouterContext = {
  queryClient: QueryClient;
};

const PRODUCT_NAME = 'Tentpole';

/**
 * The shell (sidebar, header, Reach, the account switcher…) loads only for a signed-in page: a
 * visit to the sign-in page never downloads it (decision 0072). Any other first visit starts
 * its download with the app, beside the session check, rather than after it.
 */
const loadAppShell = () => import('../shell/app-shell');
const AppShell = lazy(() => loadAppShell().then((m) => ({ default: m.AppShell })));
if (typeof window !== 'undefined' && !window.location.pathname.startsWith('/auth/')) {
  void loadAppShell();
}

/**
 * spec §1: the page title names the product, after the page's own name; a count of unread
 * texts goes in front of it ("(2) Reach · Tentpole").
 */
function useDocumentTitle() {
  const badge = useTitleBadge();
  const title = useMatches({
    select: (matches) => {
      const leaf = matches.at(-1);
      if (leaf?._notFound || leaf?.status === 'notFound') return 'Page not found';
      return leaf?.staticData.title;
    },
  });
  useEffect(() => {
    document.title = withTitleBadge(title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME, badge);
  }, [title, badge]);
}

/** spec §2 Shell: a page view is recorded when a route change completes. */
function usePageViews() {
  const router = useRouter();
  const { analytics } = useInstrumentation();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        analytics.pageView(window.location.origin + event.toLocation.href);
      }),
    [router, analytics],
  );
}

/**
 * Every page requires a signed-in user and sits in the app shell, unless its route says
 * otherwise (spec §2 Shell: pages may opt out of authentication and supply their own layout):
 * `staticData.public` skips the sign-in check and `staticData.ownLayout` the shell. A public
 * page always brings its own layout: the shell is about the signed-in user. A signed-in page
 * whose route declares a `staticData.permission` the user lacks shows the no-access page.
 */
function RootLayout() {
  const isPublic = useMatches({
    select: (matches) => matches.some((match) => match.staticData.public === true),
  });
  const hasOwnLayout = useMatches({
    select: (matches) => matches.some((match) => match.staticData.ownLayout === true),
  });
  // spec §2 Shell: a full-screen spinner from the start of a route change until it completes
  // or fails. Shown at once (a short fade, never a delay), however quick the change. A change
  // of search params only (a filter, a search box, the open tab) is not a route change: the
  // page stays, so it is not covered.
  const isChangingRoute = useRouterState({
    select: (state) =>
      state.status === 'pending' &&
      state.location.pathname !== (state.resolvedLocation ?? state.location).pathname,
  });
  useDocumentTitle();
  usePageViews();

  return (
    <>
      {isPublic ? (
        <Outlet />
      ) : (
        <AuthGuard>
          {hasOwnLayout ? (
            <PageAccessGuard>
              <Outlet />
            </PageAccessGuard>
          ) : (
            <Suspense fallback={<FullScreenSpinner />}>
              <AppShell>
                <PageAccessGuard>
                  <Outlet />
                </PageAccessGuard>
              </AppShell>
            </Suspense>
          )}
        </AuthGuard>
      )}
      {isChangingRoute && <FullScreenSpinner fadeIn />}
      <AnalyticsConsentPrompt />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
