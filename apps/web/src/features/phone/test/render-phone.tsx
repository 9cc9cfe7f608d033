import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
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

/** Renders phone components with what the shell gives them: query client, tooltips, toasts. */
export function renderWithPhone(ui: ReactNode, phone: VoicePhone | null = null) {
  const queryClient = createQueryClient();
  const errors = { captureException: vi.fn(), setUser: vi.fn() };
  const instrumentation = createInstrumentation({ environment: 'test' }, { errors });
  const view = render(
    <InstrumentationProvider instrumentation={instrumentation}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={0}>
          <VoicePhoneContext value={phone}>{ui}</VoicePhoneContext>
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </InstrumentationProvider>,
  );
  return { ...view, queryClient, errors };
}
