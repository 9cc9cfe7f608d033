import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { createInstrumentation, type Instrumentation } from '@/lib/instrumentation/instrumentation';
import { createQueryClient } from '@/lib/query-client';

// The app loads each page's module when the page is first shown (decision 0016). A test imports
// them up front instead, so its time limits measure the page, not Vite transforming the page's
// modules on first use; the router still goes through the lazy route component.
import.meta.glob('../app/routes/**/*-page.tsx', { eager: true });

type RenderAppOptions = {
  /** Instrumentation as configured; by default nothing is configured, as in development. */
  instrumentation?: Instrumentation;
};

/** Renders the whole app, as the browser would, at `path`. */
export function renderApp(path: string, { instrumentation }: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <App
      queryClient={queryClient}
      router={router}
      instrumentation={instrumentation ?? createInstrumentation({ environment: 'test' })}
    />,
  );
  return { ...view, router, queryClient };
}
