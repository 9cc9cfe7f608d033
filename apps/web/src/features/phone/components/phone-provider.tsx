import type { ReactNode } from 'react';
import { OutboundCallProvider } from '@/app/providers/outbound-call-provider';
import { ActiveCallPanel } from './active-call-panel';
import { IncomingCallDialog } from './incoming-call-dialog';
import { OutboundCallDialog } from './outbound-call-dialog';
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
        <OutboundCallProvider dialog={OutboundCallDialog}>
          {children}
          <IncomingCallDialog />
          <ActiveCallPanel />
        </OutboundCallProvider>
      </ReachLiveProvider>
    </VoicePhoneProvider>
  );
}
