import {
  CHANNEL_LABELS,
  CHANNELS,
  type Channel,
  can,
  DEFAULT_TEMPLATES,
  ORDER_SEND_TEMPLATES,
  type Order,
} from '@tentpole/domain';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useAccountFormat } from '@/lib/account-format';
import { ApiError } from '@/lib/api-client';
import {
  type SendTemplate,
  useMuteOrderMessages,
  useOrderMessages,
  useSendToCustomer,
} from '../api/email-api';
import { channelLabel, SCHEDULED_STATUS_LABELS, when } from '../lib/format';
import { StatusPill } from './outbox';

const SEND_LABELS: Record<SendTemplate, string> = {
  quote: 'Quote',
  contract: 'Contract to sign',
  invoice: 'Invoice',
  receipt: 'Payment receipt',
  balance_due: 'Pay link (balance due)',
};

/**
 * §8 on the order page: send the customer a document or link by e-mail or text, mute the
 * order's automated messages, and see what was sent and what is planned.
 */
export function OrderMessages({ order }: { order: Order }) {
  const { locale } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const mayRead = can(user.roles, 'email.read');
  const mayWrite = can(user.roles, 'order.write');
  const messages = useOrderMessages(order.id, mayRead);
  const mute = useMuteOrderMessages(order.id);
  const send = useSendToCustomer(order.id);
  const [what, setWhat] = useState<SendTemplate>('invoice');
  const [channel, setChannel] = useState<Channel>('email');
  const heading = useId();
  const id = useId();

  async function onSend() {
    try {
      const sent = await send.mutateAsync({ templateKey: what, channel });
      toast.success(
        `${SEND_LABELS[what]} sent by ${CHANNEL_LABELS[channel].toLowerCase()} to ${sent.to}.`,
      );
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'It could not be sent.');
    }
  }

  return (
    <section aria-labelledby={heading} className="grid min-w-0 gap-4 rounded-xl border bg-card p-4">
      <h2 id={heading} className="text-base font-semibold">
        Messages
      </h2>
      <form
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          void onSend();
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-what`}>Send the customer</Label>
          <NativeSelect
            id={`${id}-what`}
            value={what}
            onChange={(e) => setWhat(e.target.value as SendTemplate)}
          >
            {ORDER_SEND_TEMPLATES.map((k) => (
              <option key={k} value={k}>
                {SEND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-channel`}>By</Label>
          <NativeSelect
            id={`${id}-channel`}
            value={channel}
            onChange={(e) => setChannel(e.target.value as Channel)}
          >
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" disabled={!mayWrite || send.isPending}>
          {send.isPending && <Spinner />} Send
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">
        Uses the {DEFAULT_TEMPLATES[what].name.toLowerCase()} template; the message links the
        customer’s order page with its documents.
      </p>
      {!mayWrite && (
        <p className="text-sm text-muted-foreground">Sending needs the order.write permission.</p>
      )}

      {mayRead &&
        (messages.isError ? (
          <QueryError
            title="The order’s messages could not be loaded."
            onRetry={() => void messages.refetch()}
          />
        ) : messages.data ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
              <span className="text-sm">
                <span className="font-medium">Automated messages</span>{' '}
                <span className="text-muted-foreground">
                  {messages.data.muted ? 'are muted on this order.' : 'go out as planned.'}
                </span>
              </span>
              <span className="flex items-center gap-2 text-sm">
                <Switch
                  checked={!messages.data.muted}
                  disabled={!mayWrite || mute.isPending}
                  onCheckedChange={(on) =>
                    mute.mutate(!on, {
                      onSuccess: () =>
                        toast.success(
                          on ? 'Automated messages are back on.' : 'Automated messages muted.',
                        ),
                      onError: () => toast.error('That could not be changed.'),
                    })
                  }
                  aria-label="Automated messages on"
                />
                {messages.data.muted ? 'Muted' : 'On'}
              </span>
            </div>
            {messages.data.scheduled.length > 0 && (
              <ul className="grid gap-1.5 text-sm" aria-label="Automated messages for this order">
                {messages.data.scheduled.map((m) => (
                  <li key={m.id} className="min-w-0 wrap-anywhere">
                    <span className="font-medium">{m.automationName}</span> ·{' '}
                    {channelLabel(m.channel)} · {SCHEDULED_STATUS_LABELS[m.status]}{' '}
                    <span className="tabular-nums text-muted-foreground">
                      {when(locale).format(new Date(m.sentAt ?? m.dueAt))}
                    </span>
                    {m.reason && (
                      <span className="block text-xs text-muted-foreground">{m.reason}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {messages.data.emails.length > 0 && (
              <ul
                className="grid gap-1.5 border-t pt-3 text-sm"
                aria-label="E-mails for this order"
              >
                {messages.data.emails.map((e) => (
                  <li
                    key={e.id}
                    className="flex min-w-0 flex-wrap items-baseline justify-between gap-2"
                  >
                    <span className="min-w-0 wrap-anywhere">
                      {e.subject}
                      <span className="block text-xs text-muted-foreground">
                        {when(locale).format(new Date(e.sentAt ?? e.createdAt))} · to {e.to}
                        {e.failure ? ` · ${e.failure}` : ''}
                      </span>
                    </span>
                    <StatusPill status={e.status} />
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null)}
    </section>
  );
}
