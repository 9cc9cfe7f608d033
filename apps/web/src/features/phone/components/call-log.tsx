import { CALL_LOG_FILTERS, type CallLogEntry, formatPhone } from '@tentpole/domain';
import {
  PhoneCall as PhoneCallIcon,
  PhoneIncoming,
  PhoneMissed,
  PhoneOutgoing,
  RefreshCw,
  UserRound,
  Voicemail,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useOutboundCall } from '@/app/providers/outbound-call-provider';
import { AppLink } from '@/components/app-link';
import { ListToolbar } from '@/components/list-toolbar';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCallLog } from '../api/get-call-log';
import { type CallKind, callKind, callOutcome } from '../lib/call-log-labels';
import { formatDuration } from '../lib/format-duration';
import { formatWhen } from '../lib/format-when';
import { VoicemailPlayer } from './voicemail-player';

const FILTER_LABELS: Record<(typeof CALL_LOG_FILTERS)[number], string> = {
  all: 'All',
  missed: 'Missed',
  voicemail: 'Voicemail',
  inbound: 'Inbound',
  outbound: 'Outbound',
};

const FILTER_OPTIONS = CALL_LOG_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }));

const KIND_STYLES: Record<CallKind, { icon: ReactNode; tone: string; label: string }> = {
  voicemail: {
    icon: <Voicemail aria-hidden="true" />,
    tone: 'bg-violet-500/15 text-violet-700',
    label: 'Voicemail',
  },
  missed: {
    icon: <PhoneMissed aria-hidden="true" />,
    tone: 'bg-red-500/15 text-red-700',
    label: 'Missed call',
  },
  inbound: {
    icon: <PhoneIncoming aria-hidden="true" />,
    tone: 'bg-sky-500/15 text-sky-700',
    label: 'Inbound call',
  },
  outbound: {
    icon: <PhoneOutgoing aria-hidden="true" />,
    tone: 'bg-emerald-500/15 text-emerald-700',
    label: 'Outbound call',
  },
};

function CallLogRow({ entry }: { entry: CallLogEntry }) {
  const { openOutboundCall } = useOutboundCall();
  const kind = KIND_STYLES[callKind(entry)];
  const number = formatPhone(entry.counterpartNumber) || entry.counterpartNumber;
  const name = entry.customer ? `${entry.customer.firstName} ${entry.customer.lastName}` : null;
  return (
    <li className="grid gap-3 px-4 py-3 @2xl:grid-cols-[auto_minmax(12rem,1fr)_auto] @2xl:items-center">
      <div className="flex min-w-0 items-center gap-3 @2xl:contents">
        <span
          role="img"
          aria-label={kind.label}
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full [&_svg]:size-5',
            kind.tone,
          )}
        >
          {kind.icon}
        </span>
        <div className="min-w-0">
          <p className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <span className="min-w-0 max-w-full truncate font-medium" data-testid="call-party-name">
              {name ?? number}
            </span>
            {name && (
              <span className="whitespace-nowrap text-sm text-muted-foreground">{number}</span>
            )}
          </p>
          <p className="text-sm text-muted-foreground">
            <span>{formatWhen(entry.startedAt)}</span>
            <span aria-hidden="true"> · </span>
            <span>{callOutcome(entry)}</span>
            {entry.durationSeconds !== null && entry.durationSeconds > 0 && (
              <>
                <span aria-hidden="true"> · </span>
                <span data-testid="call-duration">
                  <span className="sr-only">Duration </span>
                  {formatDuration(entry.durationSeconds)}
                </span>
              </>
            )}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-13 @2xl:justify-end @2xl:pl-0">
        {entry.voicemail && (
          <VoicemailPlayer
            url={entry.voicemail.url}
            durationSeconds={entry.voicemail.durationSeconds}
            who={name ?? number}
          />
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={() => openOutboundCall(entry.counterpartNumber)}
          aria-label={`Call back ${name ?? number}`}
        >
          <PhoneCallIcon aria-hidden="true" />
          Call back
        </Button>
        {entry.customer && (
          <Button asChild variant="ghost" size="sm">
            <AppLink url={`/customers/${entry.customer.id}`} aria-label={`Open customer ${name}`}>
              <UserRound aria-hidden="true" />
              Customer
            </AppLink>
          </Button>
        )}
      </div>
    </li>
  );
}

function emptyMessage(filter: string): string {
  switch (filter) {
    case 'all':
      return 'No calls yet. Calls to and from your business number show up here.';
    case 'missed':
      return 'No missed calls. Nice work.';
    case 'voicemail':
      return 'No voicemails.';
    case 'inbound':
      return 'No inbound calls yet.';
    case 'outbound':
      return 'No outbound calls yet.';
    default:
      return `No calls match “${filter}”.`;
  }
}

type CallLogProps = {
  filter: string;
  onFilterChange: (filter: string) => void;
};

/** spec §2 Phone area: the call log with its optional filter. */
export function CallLog({ filter, onFilterChange }: CallLogProps) {
  const calls = useCallLog(filter);

  return (
    <section aria-labelledby="call-log-heading" className="rounded-xl border bg-card shadow-sm">
      <div className="grid grid-cols-1 gap-3 border-b p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="call-log-heading" className="text-lg font-semibold tracking-tight">
            Calls
          </h2>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void calls.refetch()}
            disabled={calls.isFetching}
          >
            <RefreshCw aria-hidden="true" className={cn(calls.isFetching && 'animate-spin')} />
            Refresh
          </Button>
        </div>
        <ListToolbar
          legend="Show calls"
          options={FILTER_OPTIONS}
          filter={filter}
          allFilter="all"
          onFilterChange={onFilterChange}
          searchLabel="Search calls by name or number"
          searchPlaceholder="Name or number"
        />
      </div>
      {calls.isPending ? (
        <LoadingRows label="Loading calls" rows={4} />
      ) : calls.isError ? (
        <QueryError
          title="The call log could not be loaded."
          onRetry={() => void calls.refetch()}
        />
      ) : calls.data.length === 0 ? (
        <StateMessage variant="inline" title={emptyMessage(filter)} />
      ) : (
        <ul aria-label="Call log" className="@container divide-y">
          {calls.data.map((entry) => (
            <CallLogRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
