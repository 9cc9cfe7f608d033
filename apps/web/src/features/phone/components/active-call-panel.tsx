import { Link } from '@tanstack/react-router';
import { can, formatPhone } from '@tentpole/domain';
import { Grid3x3, Mic, MicOff, PhoneOff, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCallerCustomer } from '../api/get-caller';
import { useCustomersOnNumber } from '../api/get-caller-card';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds';
import { averageMosGrade, QUALITY_LABELS } from '../lib/call-quality';
import { callChoicePath, useCallerChoice } from '../lib/caller-choice';
import { formatDuration } from '../lib/format-duration';
import type { CallStatus, PhoneCall } from '../lib/phone-snapshot';
import type { VoicePhone } from '../lib/voice-phone';
import { AudioDevices } from './audio-devices';
import { LazyCallerCard } from './caller-card-lazy';
import { LazyCallerHold } from './caller-hold-lazy';
import { DialPad } from './dial-pad';
import { useVoicePhone } from './voice-phone-provider';

const STATUS_LABELS: Record<CallStatus, string> = {
  pending: 'Incoming call',
  connecting: 'Connecting…',
  ringing: 'Ringing…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Call ended',
};

const GRADE_STYLES = {
  excellent: 'bg-emerald-500/15 text-emerald-800',
  great: 'bg-emerald-500/15 text-emerald-800',
  good: 'bg-sky-500/15 text-sky-800',
  fair: 'bg-amber-500/15 text-amber-800',
  degraded: 'bg-red-500/15 text-red-800',
} as const;

type Drawer = 'keypad' | 'audio' | null;

/** The call in progress: loaded with the first call, not with the first visit (issue 13). */
export function ActiveCall({ phone, call }: { phone: VoicePhone; call: PhoneCall }) {
  const { snapshot } = useVoicePhone();
  // Who the call is with: the customer chosen among those sharing the number (decision 0062),
  // else the one the call names, else the one customer whose number was dialled.
  const [chosen] = useCallerChoice(`call:${call.id}`);
  const sharing = useCustomersOnNumber(call.number);
  const only = sharing.data?.length === 1 ? (sharing.data[0]?.id ?? null) : null;
  const cardCustomerId = chosen ?? call.customerId ?? only;
  const customer = useCallerCustomer(cardCustomerId);
  const { user } = useAuthenticatedSession();
  const seconds = useElapsedSeconds(call.acceptedAt);
  const grade = averageMosGrade(call.mos);
  const [drawer, setDrawer] = useState<Drawer>(null);
  const number = formatPhone(call.number) || call.number;
  const name = customer.data ? `${customer.data.firstName} ${customer.data.lastName}` : null;
  const toggle = (next: Exclude<Drawer, null>) => setDrawer(drawer === next ? null : next);

  return (
    // Docked under the header, in the page's flow: it takes its own room and never covers
    // the page's controls (issue 15).
    <section
      aria-label="Active call"
      className="border-b bg-background/95 px-4 py-3 shadow-sm backdrop-blur sm:px-6 lg:px-8"
    >
      <div className="mx-auto grid max-w-7xl gap-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="flex items-center gap-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
              <span
                aria-hidden="true"
                className={cn(
                  'size-2 shrink-0 rounded-full',
                  call.status === 'open' ? 'bg-emerald-500' : 'animate-pulse bg-amber-500',
                )}
              />
              <span data-testid="call-status">{STATUS_LABELS[call.status]}</span>
              <span aria-hidden="true">·</span>
              <span>{call.direction === 'incoming' ? 'Inbound' : 'Outbound'}</span>
            </p>
            <p className="mt-1 truncate text-lg font-semibold" data-testid="call-party">
              {name ?? number}
            </p>
            {name && <p className="truncate text-sm text-muted-foreground">{number}</p>}
          </div>
          <div className="text-right">
            <p className="font-mono text-2xl tabular-nums" role="timer" aria-label="Call time">
              <time>{formatDuration(seconds)}</time>
            </p>
            {grade && (
              <p
                className={cn(
                  'mt-1 rounded-full px-2 py-0.5 text-xs font-medium',
                  GRADE_STYLES[grade],
                )}
              >
                Call quality: {QUALITY_LABELS[grade]}
              </p>
            )}
          </div>
        </div>

        <div className="grid grid-cols-4 gap-2 md:flex">
          <Button
            variant={call.muted ? 'secondary' : 'outline'}
            aria-pressed={call.muted}
            onClick={() => phone.toggleMute()}
            className="h-auto flex-col gap-1 py-2 text-xs"
          >
            {call.muted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
            {call.muted ? 'Unmute' : 'Mute'}
          </Button>
          <Button
            variant={drawer === 'keypad' ? 'secondary' : 'outline'}
            aria-expanded={drawer === 'keypad'}
            onClick={() => toggle('keypad')}
            className="h-auto flex-col gap-1 py-2 text-xs"
          >
            <Grid3x3 aria-hidden="true" />
            Keypad
          </Button>
          <Button
            variant={drawer === 'audio' ? 'secondary' : 'outline'}
            aria-expanded={drawer === 'audio'}
            onClick={() => {
              phone.refreshAudioDevices();
              toggle('audio');
            }}
            className="h-auto flex-col gap-1 py-2 text-xs"
          >
            <Settings2 aria-hidden="true" />
            Audio
          </Button>
          <Button
            variant="destructive"
            onClick={() => phone.hangUp()}
            className="h-auto flex-col gap-1 py-2 text-xs"
          >
            <PhoneOff aria-hidden="true" />
            Hang up
          </Button>
        </div>
      </div>

      {/* Issue 24 item 1: the caller card, with issue 17 item 3's order for this caller (which
          now carries the call as its referral source), alone when the card cannot be read. */}
      <div className="mx-auto mt-3 max-w-7xl empty:hidden">
        <LazyCallerCard
          choiceKey={`call:${call.id}`}
          number={call.number}
          customerId={call.customerId ?? only}
          rememberAt={callChoicePath(call)}
          origin="call"
          fallback={
            customer.data &&
            can(user.roles, 'order.write') && (
              <Link
                to="/orders/new"
                search={{ customerId: customer.data.id, from: 'call' }}
                className="text-sm font-medium underline"
              >
                New order for this caller
              </Link>
            )
          }
        />
      </div>

      {/* Issue 24 item 2: what is free on the day the caller asks about, held for them. */}
      {can(user.roles, 'order.write') && (
        <div className="mx-auto mt-3 max-w-7xl empty:hidden">
          <LazyCallerHold
            choiceKey={`call:${call.id}`}
            number={call.number}
            customerId={cardCustomerId}
          />
        </div>
      )}

      {drawer === 'keypad' && (
        <div className="mx-auto mt-3 max-w-sm border-t pt-3">
          <DialPad onDigits={(digits) => phone.sendDigits(digits)} />
        </div>
      )}
      {drawer === 'audio' && (
        <div className="mx-auto mt-3 max-w-md border-t pt-3">
          <AudioDevices phone={phone} audio={snapshot.audio} />
        </div>
      )}
    </section>
  );
}
