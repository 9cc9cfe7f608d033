import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ConversationListItem } from '@tentpole/domain';
import {
  ACCOUNT_EVENT_TYPES,
  type AccountEvent,
  can,
  hasPhoneService,
  isMessageStatusAdvance,
} from '@tentpole/domain';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import {
  type StreamState,
  useAccountEvent,
  useAccountStream,
} from '@/app/providers/account-events-provider';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { setTitleBadge } from '@/lib/title-badge';
import { callLogQueryKey } from '../api/get-call-log';
import type { ConversationPages } from '../api/get-conversation';
import { useUnreadTextCount } from '../api/get-conversations';
import { usePhoneInfo } from '../api/get-phone-info';
import { phoneSettingsQueryKey } from '../api/get-phone-settings';
import {
  conversationListQueryKey,
  conversationQueryKey,
  textsQueryKey,
} from '../api/text-query-keys';
import { notifyWhileHidden } from '../lib/desktop-notifications';
import { playTextSound } from '../lib/text-sound';

type ReachLive = {
  /** The account's event stream: 'off' for users and accounts without Reach. */
  stream: StreamState;
  /** Unread texts in the account. */
  unreadTexts: number;
};

const ReachLiveContext = createContext<ReachLive>({ stream: 'off', unreadTexts: 0 });

/** Moves the text to `status` if it is behind it (a status never moves back); true when it was. */
function patchMessageStatus(
  queryClient: QueryClient,
  conversationId: string,
  messageId: string,
  status: string,
): boolean {
  let moved = false;
  queryClient.setQueryData<ConversationPages>(conversationQueryKey(conversationId), (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        messages: page.messages.map((message) => {
          if (message.id !== messageId || !isMessageStatusAdvance(message.status, status)) {
            return message;
          }
          moved = true;
          return { ...message, status };
        }),
      })),
    };
  });
  return moved;
}

/**
 * Reads again what this tab has loaded under `queryKey`. A query's first load is not
 * restarted by an invalidation (it is joined), and it may have read the database before the
 * event's change: so when a first load was in flight, everything is read once more.
 */
export async function refresh(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const joinsFirstLoad = queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .some((query) => query.state.data === undefined && query.state.fetchStatus === 'fetching');
  await queryClient.invalidateQueries({ queryKey });
  if (joinsFirstLoad) await queryClient.invalidateQueries({ queryKey });
}

/** Applies one account event to what this tab has loaded (issue 5: live updates). */
export async function applyAccountEvent(
  queryClient: QueryClient,
  event: AccountEvent,
): Promise<void> {
  switch (event.type) {
    case 'message.received':
    case 'conversation.updated':
      // The open conversation first: reading its newest page marks it read, so the lists
      // fetched after it do not count its new text as unread.
      await refresh(queryClient, conversationQueryKey(event.conversationId));
      await refresh(queryClient, conversationListQueryKey);
      return;
    case 'message.status': {
      // Shown at once, then read again for a failure's code and reason. A read already under
      // way (the conversation's first load is not restarted) may come back with the old
      // status: then the event's status is put back and the conversation read once more.
      const key = conversationQueryKey(event.conversationId);
      patchMessageStatus(queryClient, event.conversationId, event.messageId, event.status);
      await queryClient.invalidateQueries({ queryKey: key });
      if (patchMessageStatus(queryClient, event.conversationId, event.messageId, event.status)) {
        await queryClient.invalidateQueries({ queryKey: key });
      }
      return;
    }
    case 'call.updated':
      await refresh(queryClient, callLogQueryKey);
      return;
    case 'settings.changed':
      await refresh(queryClient, phoneSettingsQueryKey);
      await refresh(queryClient, ['phone', 'info']);
      return;
  }
}

/** The conversation as a list this tab has loaded shows it (the unread list always is). */
function listedConversation(
  queryClient: QueryClient,
  conversationId: string,
): ConversationListItem | undefined {
  for (const [, list] of queryClient.getQueriesData<ConversationListItem[]>({
    queryKey: conversationListQueryKey,
  })) {
    const found = list?.find((c) => c.id === conversationId);
    if (found) return found;
  }
  return undefined;
}

/**
 * Reach's live updates for this tab: the account's event stream applied to the texts and
 * calls it has loaded, the unread count (sidebar badge and tab title) and the new-text sound.
 */
export function ReachLiveProvider({ children }: { children: ReactNode }) {
  const { user } = useAuthenticatedSession();
  const phoneInfo = usePhoneInfo();
  const queryClient = useQueryClient();
  const enabled = can(user.roles, 'phone.read') && hasPhoneService(phoneInfo.data);
  const unreadTexts = useUnreadTextCount({ enabled });

  // The app's one stream for the tab; Reach listens while the user may use it.
  const stream = useAccountStream({
    enabled,
    // Whatever changed before the stream was live is read again (first loads included).
    onReady: () => void refresh(queryClient, textsQueryKey),
  });
  const navigate = useNavigate();
  useAccountEvent(
    ACCOUNT_EVENT_TYPES,
    (event) => {
      if (event.type === 'message.received') playTextSound();
      void applyAccountEvent(queryClient, event).then(() => {
        if (event.type !== 'message.received') return;
        // Issue 24 item 7: a desktop notification while the tab is hidden, once the lists
        // have the text.
        const conversation = listedConversation(queryClient, event.conversationId);
        notifyWhileHidden(`Text from ${conversation?.displayName ?? 'a customer'}`, {
          body: conversation?.lastMessagePreview ?? 'New text message',
          tag: `text-${event.conversationId}`,
          onClick: () =>
            void navigate({ to: '/phone', search: { conversation: event.conversationId } }),
        });
      });
    },
    { enabled },
  );

  // The tab title is outside React's tree of this feature: keep it in step with the count.
  useEffect(() => {
    setTitleBadge(unreadTexts);
    return () => setTitleBadge(0);
  }, [unreadTexts]);

  return (
    <ReachLiveContext value={{ stream: enabled ? stream : 'off', unreadTexts }}>
      {children}
    </ReachLiveContext>
  );
}

export function useReachLive(): ReachLive {
  return useContext(ReachLiveContext);
}
