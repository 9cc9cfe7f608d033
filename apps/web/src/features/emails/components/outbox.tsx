import { Link } from '@tanstack/react-router';
import { EMAIL_STATUSES, type EmailSummary } from '@tentpole/domain';
import { CalendarClock, Mail } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { SearchField } from '@/components/search-field';
import { SegmentedControl } from '@/components/segmented-control';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { useEmail, useEmailList } from '../api/email-api';
import { channelLabel, EMAIL_STATUS_LABELS, when } from '../lib/format';
import { EmailFrame } from './email-frame';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  ...EMAIL_STATUSES.map((s) => ({ value: s, label: EMAIL_STATUS_LABELS[s] })),
] as const;
const UPCOMING_SHOWN = 8;

export function StatusPill({ status }: { status: EmailSummary['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        status === 'sent' && 'bg-emerald-100 text-emerald-900',
        status === 'queued' && 'bg-amber-100 text-amber-900',
        status === 'failed' && 'bg-red-100 text-red-900',
      )}
    >
      {EMAIL_STATUS_LABELS[status]}
    </span>
  );
}

/** §8 outbox and history: what is coming up, and every e-mail sent, by words and status. */
export function Outbox() {
  const { locale } = useAccountFormat();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useDeferredValue(search.trim());
  const list = useEmailList({
    q: q || undefined,
    status: status === 'all' ? undefined : status,
    page,
  });
  const upcomingHeading = useId();
  const historyHeading = useId();

  return (
    <div className="grid min-w-0 gap-6">
      {list.data && list.data.upcoming.length > 0 && (
        <section
          aria-labelledby={upcomingHeading}
          className="grid gap-3 rounded-xl border bg-card p-4"
        >
          <h2 id={upcomingHeading} className="flex items-center gap-2 text-base font-semibold">
            <CalendarClock aria-hidden="true" className="size-4" /> Coming up
          </h2>
          <ul className="divide-y text-sm">
            {list.data.upcoming.slice(0, UPCOMING_SHOWN).map((m) => (
              <li key={m.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2">
                <span className="w-36 shrink-0 tabular-nums text-muted-foreground">
                  {when(locale).format(new Date(m.dueAt))}
                </span>
                <span className="min-w-0 flex-1 wrap-anywhere">
                  <span className="font-medium">{m.automationName}</span> ·{' '}
                  {channelLabel(m.channel)} to{' '}
                  <Link to="/orders/$orderId" params={{ orderId: m.orderId }} className="underline">
                    {m.customerName} (order #{m.orderNumber})
                  </Link>
                  {m.reason && (
                    <span className="block text-xs text-muted-foreground">{m.reason}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
          {list.data.upcoming.length > UPCOMING_SHOWN && (
            <p className="text-xs text-muted-foreground">
              and {list.data.upcoming.length - UPCOMING_SHOWN} more; the automations tab shows the
              week ahead.
            </p>
          )}
        </section>
      )}

      <section aria-labelledby={historyHeading} className="grid min-w-0 gap-3">
        <h2 id={historyHeading} className="text-base font-semibold">
          History
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <SearchField
            aria-label="Search e-mails"
            placeholder="Search by customer, address, subject or order"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="min-w-0 flex-1 basis-64"
          />
          <SegmentedControl
            legend="Status"
            options={STATUS_OPTIONS}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </div>
        {list.isPending ? (
          <LoadingRows label="Loading e-mails" rows={5} />
        ) : list.isError ? (
          <QueryError
            variant="panel"
            title="The e-mails could not be loaded."
            onRetry={() => void list.refetch()}
          />
        ) : list.data.emails.length === 0 ? (
          <StateMessage
            icon={<Mail aria-hidden="true" className="size-6" />}
            title={q || status !== 'all' ? 'No e-mails match.' : 'No e-mails yet.'}
            description="E-mails to customers, sent by staff or by automations, are kept here with their status."
          />
        ) : (
          <>
            <ul className="divide-y rounded-xl border bg-card">
              {list.data.emails.map((email) => (
                <li key={email.id}>
                  <button
                    type="button"
                    onClick={() => setOpenId(email.id)}
                    className="grid w-full min-w-0 gap-1 px-4 py-3 text-left text-sm hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none sm:grid-cols-[9rem_minmax(0,1fr)_auto] sm:items-baseline sm:gap-3"
                  >
                    <span className="tabular-nums text-muted-foreground">
                      {when(locale).format(new Date(email.sentAt ?? email.createdAt))}
                    </span>
                    <span className="min-w-0">
                      <span className="block font-medium wrap-anywhere">{email.subject}</span>
                      <span className="block text-muted-foreground wrap-anywhere">
                        To {email.customerName ? `${email.customerName} <${email.to}>` : email.to}
                        {email.orderNumber !== null && ` · Order #${email.orderNumber}`}
                      </span>
                      {email.failure && (
                        <span className="block text-red-800 wrap-anywhere">
                          {email.status === 'queued' ? `Retrying: ${email.failure}` : email.failure}
                        </span>
                      )}
                    </span>
                    <StatusPill status={email.status} />
                  </button>
                </li>
              ))}
            </ul>
            {list.data.total > list.data.pageSize && (
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="text-muted-foreground">
                  Page {page} of {Math.ceil(list.data.total / list.data.pageSize)} ·{' '}
                  {list.data.total} e-mails
                </span>
                <span className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page === 1}
                    onClick={() => setPage(page - 1)}
                  >
                    Previous
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page * list.data.pageSize >= list.data.total}
                    onClick={() => setPage(page + 1)}
                  >
                    Next
                  </Button>
                </span>
              </div>
            )}
          </>
        )}
      </section>
      <EmailDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function EmailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { locale } = useAccountFormat();
  const email = useEmail(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">{email.data?.subject ?? 'E-mail'}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {email.data
              ? `To ${email.data.to} · ${EMAIL_STATUS_LABELS[email.data.status]} ${when(locale).format(new Date(email.data.sentAt ?? email.data.createdAt))}`
              : 'Loading…'}
          </DialogDescription>
        </DialogHeader>
        {email.isError && (
          <QueryError
            title="This e-mail could not be loaded."
            onRetry={() => void email.refetch()}
          />
        )}
        {email.data && (
          <div className="grid gap-3">
            <EmailFrame html={email.data.html} title={`E-mail: ${email.data.subject}`} />
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">Text version</summary>
              <pre className="mt-2 whitespace-pre-wrap wrap-anywhere rounded-md bg-muted p-3 font-sans">
                {email.data.text}
              </pre>
            </details>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
