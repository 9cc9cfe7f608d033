import { Phone, RotateCw, Stethoscope } from 'lucide-react';
import { useOutboundCall } from '@/app/providers/outbound-call-provider';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Registration } from '../lib/phone-snapshot';
import { useVoicePhone } from './voice-phone-provider';

const STATES: Record<Registration, { label: string; detail: string; tone: string }> = {
  off: {
    label: 'Phone off',
    detail: 'The browser phone starts when Reach is set up for this account.',
    tone: 'bg-muted-foreground',
  },
  starting: { label: 'Connecting…', detail: 'Starting the browser phone.', tone: 'bg-amber-500' },
  registering: {
    label: 'Connecting…',
    detail: 'Signing this tab in to take calls.',
    tone: 'bg-amber-500',
  },
  registered: {
    label: 'Ready for calls',
    detail: 'Calls to the business number ring in this tab.',
    tone: 'bg-emerald-500',
  },
  unregistered: {
    label: 'Not taking calls',
    detail: 'This tab is not signed in to take calls.',
    tone: 'bg-muted-foreground',
  },
  failed: { label: 'Phone offline', detail: '', tone: 'bg-red-500' },
};

/** The browser phone's state at a glance, with a way to call out and to recover. */
export function PhoneStatusCard({ canTestConnection }: { canTestConnection: boolean }) {
  const { phone, snapshot } = useVoicePhone();
  const { openOutboundCall } = useOutboundCall();
  const state = STATES[snapshot.registration];
  return (
    <section
      aria-labelledby="phone-status-heading"
      className="rounded-xl border bg-card p-4 shadow-sm"
    >
      <h2 id="phone-status-heading" className="text-sm font-medium text-muted-foreground">
        Your phone
      </h2>
      <p className="mt-2 flex items-center gap-2 text-lg font-semibold" role="status">
        <span aria-hidden="true" className={cn('size-2.5 rounded-full', state.tone)} />
        {state.label}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{snapshot.problem ?? state.detail}</p>
      <div className="mt-4 grid gap-2">
        <Button size="lg" className="w-full" onClick={() => openOutboundCall()}>
          <Phone aria-hidden="true" />
          New call
        </Button>
        {snapshot.registration === 'failed' && phone && (
          <Button variant="outline" className="w-full" onClick={() => phone.reconnect()}>
            <RotateCw aria-hidden="true" />
            Reconnect
          </Button>
        )}
        {canTestConnection && (
          <Button asChild variant="ghost" className="w-full">
            <AppLink url="/account?tab=voice">
              <Stethoscope aria-hidden="true" />
              Test your connection
            </AppLink>
          </Button>
        )}
      </div>
    </section>
  );
}
