import type { ReactNode } from 'react';
import { ActiveCallPanel } from './active-call-panel';
import { IncomingCallDialog } from './incoming-call-dialog';
import { OutboundCallProvider } from './outbound-call-provider';
import { VoicePhoneProvider } from './voice-phone-provider';

/** Reach in the shell: the browser phone, its dialogs and the active call, on every page. */
export function PhoneProvider({ children }: { children: ReactNode }) {
  return (
    <VoicePhoneProvider>
      <OutboundCallProvider>
        {children}
        <IncomingCallDialog />
        <ActiveCallPanel />
      </OutboundCallProvider>
    </VoicePhoneProvider>
  );
}
