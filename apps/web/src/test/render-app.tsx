import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/** Renders the whole app, as the browser would, at `path`. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(<App queryClient={queryClient} router={router} />);
  return { ...view, router, queryClient };
}
