import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { vi } from 'vitest';
import { InstrumentationProvider } from '@/app/providers/instrumentation-provider';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createInstrumentation } from '@/lib/instrumentation/instrumentation';
import { createQueryClient } from '@/lib/query-client';
import { VoicePhoneContext } from '../components/voice-phone-provider';
import { VoicePhone } from '../lib/voice-phone';
import { FakeDevice } from './fake-voice-sdk';

/** A VoicePhone on a fake Device, registered. */
export async function startFakePhone() {
  const device = new FakeDevice();
  const notify = vi.fn();
  const phone = new VoicePhone({
    fetchToken: async () => 'token',
    createDevice: async () => device.asDevice(),
    notify,
    log: () => {},
  });
  await phone.start();
  return { phone, device, notify };
}

function RouterOf({ ui }: { ui: ReactNode }) {
  const [router] = useState(() =>
    createRouter({
      routeTree: createRootRoute({ component: () => ui }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    }),
  );
  return <RouterProvider router={router} />;
}

/** Renders phone components with what the shell gives them: query client, tooltips, toasts. */
export function renderWithPhone(
  ui: ReactNode,
  phone: VoicePhone | null = null,
  { inRouter = false }: { inRouter?: boolean } = {},
) {
  const queryClient = createQueryClient();
  // A component with links needs a router around it, as the shell has.
  const page = inRouter ? <RouterOf ui={ui} /> : ui;
  const errors = { captureException: vi.fn(), setUser: vi.fn() };
  const instrumentation = createInstrumentation({ environment: 'test' }, { errors });
  const view = render(
    <InstrumentationProvider instrumentation={instrumentation}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={0}>
          <VoicePhoneContext value={phone}>{page}</VoicePhoneContext>
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </InstrumentationProvider>,
  );
  return { ...view, queryClient, errors };
}
