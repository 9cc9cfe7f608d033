import { type CallLogEntry, formatPhone } from '@tentpole/domain';
import { MessageSquare, PhoneIncoming, PhoneMissed, PhoneOutgoing, Voicemail } from 'lucide-react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { useAccountFormat } from '@/lib/account-format';
import { useCustomerPhone } from '../api/get-customer-phone';
import { formatDateTime } from '../lib/format-dates';

function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return `${minutes}:${rest}`;
}

function callSummary(call: CallLogEntry): string {
  if (call.missed) return call.voicemail ? 'Missed · left a voicemail' : 'Missed call';
  const who = call.direction === 'inbound' ? call.answeredBy?.name : call.placedBy?.name;
  const duration =
    call.durationSeconds !== null ? ` · ${formatDuration(call.durationSeconds)}` : '';
  return `${call.direction === 'inbound' ? 'Incoming' : 'Outgoing'}${who ? ` · ${who}` : ''}${duration}`;
}

function CallIcon({ call }: { call: CallLogEntry }) {
  const Icon = call.missed
    ? call.voicemail
      ? Voicemail
      : PhoneMissed
    : call.direction === 'inbound'
      ? PhoneIncoming
      : PhoneOutgoing;
  return (
    <span
      className={
        call.missed
          ? 'grid size-9 shrink-0 place-items-center rounded-full bg-destructive/10 text-destructive'
          : 'grid size-9 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground'
      }
    >
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}

/** The customer's calls and texts with the business, from Reach. */
export function CustomerPhoneTab({ customerId }: { customerId: string }) {
  const { locale } = useAccountFormat();
  const phone = useCustomerPhone(customerId);
  if (phone.isError)
    return (
      <QueryError
        variant="panel"
        title="Phone history could not be loaded."
        onRetry={() => void phone.refetch()}
      />
    );
  if (phone.isPending) return <LoadingRows label="Loading phone history" variant="plain" />;

  const { calls, messages } = phone.data;
  const messageCount = `${messages.length} text ${messages.length === 1 ? 'message' : 'messages'}`;
  return (
    <div className="grid gap-4">
      <section aria-labelledby="customer-calls" className="grid gap-2">
        <h3 id="customer-calls" className="text-sm font-semibold">
          Calls
        </h3>
        {calls.length === 0 ? (
          <StateMessage
            icon={<PhoneIncoming aria-hidden="true" />}
            title="No calls yet"
            description="Calls with this customer through Reach will show here."
          />
        ) : (
          <ul className="divide-y rounded-lg border">
            {calls.map((call) => (
              <li key={call.id} className="flex items-center gap-3 p-3.5">
                <CallIcon call={call} />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="text-sm font-medium">{callSummary(call)}</p>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {formatPhone(call.counterpartNumber)} · {formatDateTime(call.startedAt, locale)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="customer-texts" className="grid gap-2">
        <h3 id="customer-texts" className="text-sm font-semibold">
          Texts
        </h3>
        {messages.length === 0 ? (
          <StateMessage
            icon={<MessageSquare aria-hidden="true" />}
            title="No text messages yet"
            description="Texts with this customer through Reach will show here."
          />
        ) : (
          <p className="rounded-lg border p-3.5 text-sm">{messageCount}</p>
        )}
      </section>
    </div>
  );
}
