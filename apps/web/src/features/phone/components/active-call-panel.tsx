import { formatPhone } from '@tentpole/domain';
import { Grid3x3, Mic, MicOff, PhoneOff, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCallerCustomer } from '../api/get-caller';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds';
import { averageMosGrade, QUALITY_LABELS } from '../lib/call-quality';
import { formatDuration } from '../lib/format-duration';
import type { CallStatus, PhoneCall, VoicePhone } from '../lib/voice-phone';
import { AudioDevices } from './audio-devices';
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

function ActiveCall({ phone, call }: { phone: VoicePhone; call: PhoneCall }) {
  const { snapshot } = useVoicePhone();
  const customer = useCallerCustomer(call.customerId);
  const seconds = useElapsedSeconds(call.acceptedAt);
  const grade = averageMosGrade(call.mos);
  const [drawer, setDrawer] = useState<Drawer>(null);
  const number = formatPhone(call.number) || call.number;
  const name = customer.data ? `${customer.data.firstName} ${customer.data.lastName}` : null;
  const toggle = (next: Exclude<Drawer, null>) => setDrawer(drawer === next ? null : next);

  return (
    <section
      aria-label="Active call"
      className="fixed inset-x-2 top-16 z-40 rounded-xl border bg-background/95 p-4 shadow-2xl backdrop-blur sm:inset-x-auto sm:right-4 sm:w-[22rem]"
    >
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

      <div className="mt-4 grid grid-cols-4 gap-2">
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

      {drawer === 'keypad' && (
        <div className="mt-4 border-t pt-4">
          <DialPad onDigits={(digits) => phone.sendDigits(digits)} />
        </div>
      )}
      {drawer === 'audio' && (
        <div className="mt-4 border-t pt-4">
          <AudioDevices phone={phone} audio={snapshot.audio} />
        </div>
      )}
    </section>
  );
}

/** The call in progress, on top of every page: who, time, quality, mute, keypad, hang up. */
export function ActiveCallPanel() {
  const { phone, snapshot } = useVoicePhone();
  if (!phone || !snapshot.active) return null;
  return <ActiveCall key={snapshot.active.id} phone={phone} call={snapshot.active} />;
}
