import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import {
  type OutboundCallDialogProps,
  OutboundCallProvider,
} from '@/app/providers/outbound-call-provider';
import { ActiveCallPanel } from './active-call-dock';
import { ReachLiveProvider } from './reach-live-provider';
import { useVoicePhone, VoicePhoneProvider } from './voice-phone-provider';

// The Outbound Call dialog loads the first time it opens: a first visit does not download it.
const OutboundCallDialog = lazy(() =>
  import('./outbound-call-dialog').then((m) => ({ default: m.OutboundCallDialog })),
);

function OutboundCallDialogOnDemand(props: OutboundCallDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  useEffect(() => {
    if (props.open) setWanted(true);
  }, [props.open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OutboundCallDialog {...props} />
    </Suspense>
  );
}

// The Incoming Call dialog loads when the first call rings (and stays, for the next ones).
const IncomingCallDialog = lazy(() =>
  import('./incoming-call-dialog').then((m) => ({ default: m.IncomingCallDialog })),
);

function IncomingCallDialogOnDemand() {
  const ringing = useVoicePhone().snapshot.incoming !== null;
  const [wanted, setWanted] = useState(ringing);
  useEffect(() => {
    if (ringing) setWanted(true);
  }, [ringing]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <IncomingCallDialog />
    </Suspense>
  );
}

/**
 * Reach in the shell: the browser phone, its dialogs and the active call, and the live texts
 * (event stream, unread count, sound), on every page.
 */
export function PhoneProvider({ children }: { children: ReactNode }) {
  return (
    <VoicePhoneProvider>
      <ReachLiveProvider>
        <OutboundCallProvider dialog={OutboundCallDialogOnDemand}>
          {children}
          <IncomingCallDialogOnDemand />
          <ActiveCallPanel />
        </OutboundCallProvider>
      </ReachLiveProvider>
    </VoicePhoneProvider>
  );
}
