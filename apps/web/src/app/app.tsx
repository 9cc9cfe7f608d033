import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { SessionProvider } from '@/features/auth/components/session-provider';
import { InstrumentationProvider } from '@/features/instrumentation/components/instrumentation-provider';
import type { Instrumentation } from '@/features/instrumentation/lib/instrumentation';
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
