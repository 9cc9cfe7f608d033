import type { ConversationState } from '@tentpole/domain';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useTeammates, useUpdateConversation } from '../api/inbox';

const NOBODY = '';

type InboxControlsProps = {
  conversationId: string;
  inbox: Omit<ConversationState, 'id'>;
  /** Those who may text may also assign and close; the others read who has it. */
  canChange: boolean;
};

/**
 * Issue 24 item 7, the shared inbox in a conversation: who has it (assign to a teammate, or to
 * nobody) and whether it is done (close, reopen). A new text from the customer reopens it.
 */
export function InboxControls({ conversationId, inbox, canChange }: InboxControlsProps) {
  const selectId = useId();
  const { user } = useAuthenticatedSession();
  const teammates = useTeammates(canChange);
  const update = useUpdateConversation(conversationId);
  const closed = inbox.status === 'closed';

  async function change(next: Parameters<typeof update.mutateAsync>[0], done: string) {
    try {
      await update.mutateAsync(next);
      toast.success(done);
    } catch (error) {
      toast.error('The conversation could not be changed', {
        description: error instanceof ApiError && error.status < 500 ? error.message : undefined,
      });
    }
  }

  if (!canChange) {
    return (
      <p className="text-xs text-muted-foreground">
        {inbox.assignee ? `Assigned to ${inbox.assignee.name}` : 'Not assigned'}
        {closed && ' · Closed'}
      </p>
    );
  }

  // The assignee stays listed while the team list loads (or if they left it since).
  const options = [...(teammates.data ?? [])];
  if (inbox.assignee && !options.some((t) => t.id === inbox.assignee?.id))
    options.unshift(inbox.assignee);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-xs font-medium text-muted-foreground">
        Assigned to
      </label>
      <div className="min-w-36 flex-1 sm:max-w-64">
        <NativeSelect
          id={selectId}
          value={inbox.assignee?.id ?? NOBODY}
          disabled={update.isPending}
          onChange={(event) => {
            const assigneeId = event.target.value || null;
            const who = options.find((t) => t.id === assigneeId);
            void change(
              { assigneeId },
              who ? `Assigned to ${who.id === user.id ? 'you' : who.name}` : 'Unassigned',
            );
          }}
        >
          <option value={NOBODY}>Nobody</option>
          {options.map((teammate) => (
            <option key={teammate.id} value={teammate.id}>
              {teammate.id === user.id ? `${teammate.name} (you)` : teammate.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="ml-auto shrink-0"
        disabled={update.isPending}
        onClick={() =>
          void change(
            { status: closed ? 'open' : 'closed' },
            closed ? 'Conversation reopened' : 'Conversation closed',
          )
        }
      >
        {update.isPending ? (
          <Spinner className="size-4" />
        ) : closed ? (
          <RotateCcw aria-hidden="true" />
        ) : (
          <CircleCheck aria-hidden="true" />
        )}
        {closed ? 'Reopen' : 'Close'}
      </Button>
    </div>
  );
}
