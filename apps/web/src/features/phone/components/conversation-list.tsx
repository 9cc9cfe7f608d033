import {
  type ConversationListItem,
  formatPhone,
  TEXT_FILTERS,
  type TextFilter,
} from '@tentpole/domain';
import { BellOff, CircleCheck } from 'lucide-react';
import { ListToolbar } from '@/components/list-toolbar';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/initials';
import { useConversations } from '../api/get-conversations';
import { formatListTime } from '../lib/format-when';

// Issue 24 item 7: the shared inbox's views ('all' is every open conversation).
const FILTER_LABELS: Record<TextFilter, string> = {
  all: 'Open',
  mine: 'Mine',
  unassigned: 'Unassigned',
  unread: 'Unread',
  closed: 'Closed',
};
const FILTER_ORDER: readonly TextFilter[] = ['all', 'mine', 'unassigned', 'unread', 'closed'];
const FILTER_OPTIONS = FILTER_ORDER.filter((value) => TEXT_FILTERS.includes(value)).map(
  (value) => ({ value, label: FILTER_LABELS[value] }),
);

function emptyMessage(filter: string): string {
  if (filter === 'all') return 'No open texts. Texts to your business number show up here.';
  if (filter === 'unread') return 'All caught up: no unread texts.';
  if (filter === 'mine') return 'No open conversations are assigned to you.';
  if (filter === 'unassigned') return 'Every open conversation has someone on it.';
  if (filter === 'closed') return 'No closed conversations.';
  return `No texts match “${filter}”.`;
}

function ConversationRow({
  conversation,
  selected,
  onOpen,
}: {
  conversation: ConversationListItem;
  selected: boolean;
  onOpen: (id: string) => void;
}) {
  const unread = conversation.unreadCount > 0;
  const number = formatPhone(conversation.phoneNumber) || conversation.phoneNumber;
  const preview = conversation.lastMessagePreview ?? '';
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(conversation.id)}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'grid w-full grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-accent/60',
          'focus-visible:bg-accent focus-visible:outline-none',
          selected && 'bg-accent',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'grid size-10 place-items-center rounded-full text-sm font-semibold',
            conversation.customer
              ? 'bg-secondary text-secondary-foreground'
              : 'bg-muted text-muted-foreground',
          )}
        >
          {(conversation.customer && initialsOf(conversation.displayName)) || '#'}
        </span>
        <span className="grid min-w-0 gap-0.5">
          <span className={cn('truncate', unread ? 'font-semibold' : 'font-medium')}>
            {conversation.displayName}
          </span>
          {(conversation.customer || conversation.assignee || conversation.status === 'closed') && (
            <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
              {conversation.customer && <span className="shrink-0 tabular-nums">{number}</span>}
              {conversation.assignee && (
                <span
                  className="min-w-0 truncate rounded-full bg-secondary px-1.5 text-secondary-foreground"
                  data-testid="conversation-assignee"
                >
                  <span className="sr-only">Assigned to </span>
                  {conversation.assignee.name}
                </span>
              )}
              {conversation.status === 'closed' && (
                <span className="inline-flex shrink-0 items-center gap-0.5">
                  <CircleCheck aria-hidden="true" className="size-3" />
                  Closed
                </span>
              )}
            </span>
          )}
          <span
            className={cn(
              'line-clamp-2 text-sm',
              unread ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            {conversation.lastMessageDirection === 'outbound' && preview && (
              <span className="text-muted-foreground">You: </span>
            )}
            {preview}
          </span>
        </span>
        <span className="grid justify-items-end gap-1.5">
          {conversation.lastMessageAt && (
            <time
              dateTime={conversation.lastMessageAt}
              className={cn(
                'text-xs whitespace-nowrap',
                unread ? 'font-semibold text-primary' : 'text-muted-foreground',
              )}
            >
              {formatListTime(conversation.lastMessageAt)}
            </time>
          )}
          {unread ? (
            <span
              data-testid="conversation-unread"
              className="grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold tabular-nums text-primary-foreground"
            >
              {conversation.unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          ) : conversation.optedOut ? (
            <BellOff aria-label="Opted out of texts" className="size-4 text-muted-foreground" />
          ) : null}
        </span>
      </button>
    </li>
  );
}

type ConversationListProps = {
  filter: string;
  onFilterChange: (filter: string) => void;
  selectedId: string | undefined;
  onOpen: (id: string) => void;
};

/** spec §2 Phone area: the list of text conversations with its optional filter. */
export function ConversationList({
  filter,
  onFilterChange,
  selectedId,
  onOpen,
}: ConversationListProps) {
  const conversations = useConversations(filter);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ListToolbar
        legend="Show texts"
        options={FILTER_OPTIONS}
        filter={filter}
        allFilter="all"
        onFilterChange={onFilterChange}
        searchLabel="Search texts by name, number or message"
        searchPlaceholder="Search texts"
        density="compact"
        chooser="select"
        className="border-b px-4 py-3"
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {conversations.isPending ? (
          <LoadingRows label="Loading conversations" />
        ) : conversations.isError ? (
          <QueryError
            title="Texts could not be loaded."
            onRetry={() => void conversations.refetch()}
          />
        ) : conversations.data.length === 0 ? (
          <StateMessage variant="inline" title={emptyMessage(filter)} />
        ) : (
          <ul aria-label="Conversations" className="divide-y">
            {conversations.data.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                selected={conversation.id === selectedId}
                onOpen={onOpen}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
