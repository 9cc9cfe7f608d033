import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { InstrumentationProvider } from '@/app/providers/instrumentation-provider';
import { SessionProvider } from '@/app/providers/session-provider';
import type { Instrumentation } from '@/lib/instrumentation/instrumentation';
import type { createAppRouter } from './router';

type AppProps = {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  instrumentation: Instrumentation;
};

export function App({ queryClient, router, instrumentation }: AppProps) {
  return (
    <InstrumentationProvider instrumentation={instrumentation}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </InstrumentationProvider>
  );
}
