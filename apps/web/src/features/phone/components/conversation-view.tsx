import { can, formatPhone, type Message, type TimelineEvent } from '@tentpole/domain';
import { ArrowLeft, BellOff, Phone, UserRound, UserRoundPlus } from 'lucide-react';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { useOutboundCall } from '@/app/providers/outbound-call-provider';
import { useMayOpen } from '@/app/providers/page-access';
import { AppLink } from '@/components/app-link';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useConversation } from '../api/get-conversation';
import { useConversationSummary } from '../api/get-conversations';
import { useConversationTimeline } from '../api/thread-links';
import { formatDayHeading } from '../lib/format-when';
import { AddPictureToOrder } from './add-picture-to-order';
import { LazyCallerCard } from './caller-card-lazy';
import { InboxControls } from './inbox-controls';
import { MessageBubble } from './message-bubble';
import { ReplyBox } from './reply-box';
import { TimelineEntry } from './timeline-entry';

// Why the reply box is off. Shown above it, so nobody types a text that cannot go.
const CANNOT_SEND = 'You can read texts, but your role cannot send them.';
const MESSAGING_NOT_READY = 'Texting is not switched on for this account yet.';
const optedOutReason = (name: string) =>
  `${name} opted out of texts (they replied STOP), so texts to this number are refused. They can text START to opt back in.`;

const entryKey = (entry: Entry | undefined) =>
  entry === undefined ? undefined : entry.kind === 'message' ? entry.message.id : entry.event.id;

/** Within this many pixels of the bottom, a new text scrolls into view. */
const NEAR_BOTTOM_PX = 120;

type Entry = { kind: 'message'; message: Message } | { kind: 'event'; event: TimelineEvent };
const atOf = (entry: Entry) =>
  entry.kind === 'message' ? entry.message.createdAt : entry.event.at;

/**
 * The texts and what the customer did on their links, by time, under day headings. With older
 * texts still to load, events before the oldest loaded text wait for them.
 */
function groupByDay(
  messages: Message[],
  events: TimelineEvent[],
  complete: boolean,
): { day: string; entries: Entry[] }[] {
  const from = complete ? '' : (messages[0]?.createdAt ?? '');
  const entries: Entry[] = [
    ...messages.map((message) => ({ kind: 'message' as const, message })),
    ...events
      .filter((event) => Date.parse(event.at) >= Date.parse(from || '1970-01-01'))
      .map((event) => ({ kind: 'event' as const, event })),
  ].sort((a, b) => Date.parse(atOf(a)) - Date.parse(atOf(b)));
  const groups: { day: string; entries: Entry[] }[] = [];
  for (const entry of entries) {
    const day = formatDayHeading(atOf(entry));
    const last = groups.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

type ConversationViewProps = {
  conversationId: string;
  /** Back to the list, where the list and the conversation do not fit side by side. */
  onBack?: () => void;
  /** Hides the back button where the list is beside the conversation. */
  backClassName?: string;
  canSend: boolean;
  messagingReady: boolean;
};

/** spec §2 Phone area: a single conversation with its messages and a reply action. */
export function ConversationView({
  conversationId,
  onBack,
  backClassName,
  canSend,
  messagingReady,
}: ConversationViewProps) {
  // Links to the customer pages show to those who may open them, as their routes declare.
  const mayOpenCustomer = useMayOpen('/customers/$customerId');
  const mayAddCustomer = useMayOpen('/customers/new');
  const mayOpenOrder = useMayOpen('/orders/$orderId');
  const { user } = useAuthenticatedSession();
  // Putting a texted picture on an order changes the order (issue 24 item 5).
  const mayAddToOrder = can(user.roles, 'order.write') && can(user.roles, 'customer.read');
  const { openOutboundCall } = useOutboundCall();
  const conversation = useConversation(conversationId);
  const firstPage = conversation.data?.pages[0];
  const details = firstPage?.customerDetails;
  const summary = useConversationSummary(conversationId, details?.phoneNumber);
  const customer = summary.data?.customer ?? null;
  const optedOut = summary.data?.optedOut ?? false;
  // Issue 24 item 3: what the customer did on the links they were texted, kept live.
  const timeline = useConversationTimeline(conversationId, customer !== null);
  const events = customer ? (timeline.data?.events ?? []) : [];
  const currency = timeline.data?.currency ?? 'USD';

  // Pages run newest to oldest; messages within a page oldest to newest.
  const messages = conversation.data?.pages.toReversed().flatMap((page) => page.messages) ?? [];
  const groups = groupByDay(messages, events, !conversation.hasNextPage);
  const newestId = entryKey(groups.at(-1)?.entries.at(-1));
  const oldestId = messages[0]?.id;

  const logRef = useRef<HTMLDivElement>(null);
  const seen = useRef<{ newestId?: string; oldestId?: string; fromBottom: number }>({
    fromBottom: 0,
  });
  // Keep the view where the reader is: at the bottom for a new text (if they were there),
  // at the same message when older ones load above.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || newestId === undefined) return;
    const before = seen.current;
    if (before.newestId !== newestId) {
      if (before.newestId === undefined || before.fromBottom < NEAR_BOTTOM_PX) {
        log.scrollTop = log.scrollHeight;
      }
    } else if (before.oldestId !== oldestId) {
      log.scrollTop = log.scrollHeight - log.clientHeight - before.fromBottom;
    }
    seen.current = {
      newestId,
      oldestId,
      fromBottom: log.scrollHeight - log.clientHeight - log.scrollTop,
    };
  }, [newestId, oldestId]);

  const name = details?.displayName ?? '';
  const number = details ? formatPhone(details.phoneNumber) || details.phoneNumber : '';
  const blockedReason = !canSend
    ? CANNOT_SEND
    : !messagingReady
      ? MESSAGING_NOT_READY
      : optedOut
        ? optedOutReason(name)
        : null;

  return (
    <section
      aria-label={name ? `Conversation with ${name}` : 'Conversation'}
      className="flex min-h-0 flex-1 flex-col"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-3 py-2.5">
        {onBack && (
          <Button
            variant="ghost"
            size="icon"
            onClick={onBack}
            aria-label="All conversations"
            className={backClassName}
          >
            <ArrowLeft aria-hidden="true" />
          </Button>
        )}
        <div className="min-w-0 flex-1">
          {details ? (
            <>
              <h3 className="truncate font-semibold" data-testid="conversation-name">
                {name}
              </h3>
              <p className="flex items-center gap-2 text-xs text-muted-foreground">
                {customer && <span className="whitespace-nowrap tabular-nums">{number}</span>}
                {!customer && <span>Not a customer yet</span>}
                {optedOut && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 font-medium text-amber-800">
                    <BellOff aria-hidden="true" className="size-3" />
                    Opted out
                  </span>
                )}
              </p>
            </>
          ) : (
            <Skeleton className="h-5 w-40" />
          )}
        </div>
        {details && (
          <div className="flex flex-wrap items-center gap-1.5">
            <Button
              variant="outline"
              size="sm"
              onClick={() => openOutboundCall(details.phoneNumber)}
              aria-label={`Call ${name}`}
            >
              <Phone aria-hidden="true" />
              <span className="max-sm:sr-only">Call</span>
            </Button>
            {customer && mayOpenCustomer && (
              <Button asChild variant="outline" size="sm">
                <AppLink url={`/customers/${customer.id}`} aria-label={`Open customer ${name}`}>
                  <UserRound aria-hidden="true" />
                  <span className="max-sm:sr-only">Customer</span>
                </AppLink>
              </Button>
            )}
            {!customer && summary.isSuccess && mayAddCustomer && (
              <Button asChild variant="outline" size="sm">
                <AppLink
                  url={`/customers/new?phoneNumber=${encodeURIComponent(details.phoneNumber)}`}
                >
                  <UserRoundPlus aria-hidden="true" />
                  Add customer
                </AppLink>
              </Button>
            )}
          </div>
        )}
      </header>
      {firstPage?.inbox && (
        // Issue 24 item 7: who has this conversation, and whether it is done.
        <div className="border-b px-3 py-2">
          <InboxControls
            conversationId={conversationId}
            inbox={firstPage.inbox}
            canChange={canSend}
          />
        </div>
      )}
      {details && (
        // Issue 24 item 1: the caller card under the header, folded: the messages need the room.
        // A number several customers share names nobody until someone chooses (decision 0062).
        <div className="border-b px-3 py-2 empty:hidden">
          <LazyCallerCard
            choiceKey={`text:${conversationId}`}
            number={details.phoneNumber}
            customerId={customer?.id ?? null}
            origin="text"
            folded
            rememberAt={canSend ? `/api/phone/text/${conversationId}/customer` : null}
          />
        </div>
      )}
      <div
        ref={logRef}
        role="log"
        aria-label="Messages"
        onScroll={(event) => {
          const log = event.currentTarget;
          seen.current.fromBottom = log.scrollHeight - log.clientHeight - log.scrollTop;
        }}
        className="min-h-0 flex-1 overflow-y-auto bg-muted/20 px-3 py-4 sm:px-4"
      >
        {conversation.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="ml-auto h-10 w-1/2" />
            <Skeleton className="h-10 w-3/5" />
          </div>
        ) : conversation.isError ? (
          <QueryError
            title="This conversation could not be loaded."
            onRetry={() => void conversation.refetch()}
          />
        ) : (
          <>
            {conversation.hasNextPage && (
              <div className="mb-4 flex justify-center">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={conversation.isFetchingNextPage}
                  onClick={() => void conversation.fetchNextPage()}
                >
                  {conversation.isFetchingNextPage && <Spinner />}
                  Load older messages
                </Button>
              </div>
            )}
            {messages.length === 0 && (
              <p className="py-10 text-center text-sm text-muted-foreground">No messages yet.</p>
            )}
            {groups.map((group) => (
              <Fragment key={`${group.day}-${entryKey(group.entries[0])}`}>
                <h4 className="my-3 text-center text-xs font-medium text-muted-foreground">
                  {group.day}
                </h4>
                <ol className="grid gap-3">
                  {group.entries.map((entry) =>
                    entry.kind === 'event' ? (
                      <TimelineEntry
                        key={`event-${entry.event.id}`}
                        event={entry.event}
                        currency={currency}
                        mayOpenOrder={mayOpenOrder}
                      />
                    ) : (
                      <MessageBubble
                        key={entry.message.id}
                        message={entry.message}
                        pictureActions={
                          customer && mayAddToOrder
                            ? (media) => (
                                <AddPictureToOrder media={media} customerId={customer.id} />
                              )
                            : undefined
                        }
                      />
                    ),
                  )}
                </ol>
              </Fragment>
            ))}
          </>
        )}
      </div>
      <ReplyBox
        conversationId={conversationId}
        blockedReason={blockedReason}
        offerLinks={customer !== null && canSend}
        offerReplies={canSend}
      />
    </section>
  );
}
