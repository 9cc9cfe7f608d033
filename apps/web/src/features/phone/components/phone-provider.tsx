import type { ReactNode } from 'react';
import { ActiveCallPanel } from './active-call-panel';
import { IncomingCallDialog } from './incoming-call-dialog';
import { OutboundCallProvider } from './outbound-call-provider';
import { ReachLiveProvider } from './reach-live-provider';
import { VoicePhoneProvider } from './voice-phone-provider';

/**
 * Reach in the shell: the browser phone, its dialogs and the active call, and the live texts
 * (event stream, unread count, sound), on every page.
 */
export function PhoneProvider({ children }: { children: ReactNode }) {
  return (
    <VoicePhoneProvider>
      <ReachLiveProvider>
        <OutboundCallProvider>
          {children}
          <IncomingCallDialog />
          <ActiveCallPanel />
        </OutboundCallProvider>
      </ReachLiveProvider>
    </VoicePhoneProvider>
  );
}
