import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query';
import type { ConversationDetail, ConversationListItem } from '@tentpole/domain';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { stubServer } from '@/test/fake-server';
import { conversationQueryOptions } from '../api/get-conversation';
import { conversationsQueryOptions } from '../api/get-conversations';
import { applyAccountEvent } from './reach-live-provider';

const message = (status: string) => ({
  id: 'msg-1',
  direction: 'outbound' as const,
  body: 'See you Saturday',
  status,
  errorCode: null,
  errorMessage: null,
  sentBy: { userId: 'user-1', name: 'Dana Rivera' },
  createdAt: '2026-11-20T15:00:00.000Z',
});

const page = (status: string): ConversationDetail => ({
  hasMore: false,
  messages: [message(status)],
  customerDetails: { displayName: 'Jamie Fox', phoneNumber: '+15550100123' },
});

const listItem = (unreadCount: number): ConversationListItem => ({
  id: 'conv-1',
  phoneNumber: '+15550100123',
  displayName: 'Jamie Fox',
  customer: null,
  unreadCount,
  lastMessageAt: '2026-11-20T15:00:00.000Z',
  lastMessagePreview: 'Hi',
  lastMessageDirection: 'inbound',
  optedOut: false,
  status: 'open',
  assignee: null,
});

function statusOf(queryClient: ReturnType<typeof createQueryClient>) {
  const data = queryClient.getQueryData(conversationQueryOptions('conv-1', queryClient).queryKey);
  return data?.pages[0]?.messages[0]?.status;
}

describe('applyAccountEvent (issue 5: live updates)', () => {
  it('moves a text to the status of the event even when a read comes back with an older one', async () => {
    const queryClient = createQueryClient();
    // The first load, the open conversation's refetch on mount, and a read that began before
    // the change all answer 'sent'; only a read after the event sees 'delivered'.
    const answers = ['sent', 'sent', 'sent', 'delivered'];
    stubServer({
      'POST /api/phone/text/conv-1': () => Response.json(page(answers.shift() ?? 'delivered')),
    });
    await queryClient.fetchInfiniteQuery(conversationQueryOptions('conv-1', queryClient));
    // An open conversation: an observer keeps the query active, so invalidations refetch it.
    const observer = new InfiniteQueryObserver(
      queryClient,
      conversationQueryOptions('conv-1', queryClient),
    );
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(statusOf(queryClient)).toBe('sent');

    await applyAccountEvent(queryClient, {
      type: 'message.status',
      conversationId: 'conv-1',
      messageId: 'msg-1',
      status: 'delivered',
    });
    expect(statusOf(queryClient)).toBe('delivered');
    unsubscribe();
  });

  it('never moves a text back to an earlier status', async () => {
    const queryClient = createQueryClient();
    stubServer({ 'POST /api/phone/text/conv-1': () => Response.json(page('delivered')) });
    await queryClient.fetchInfiniteQuery(conversationQueryOptions('conv-1', queryClient));
    await applyAccountEvent(queryClient, {
      type: 'message.status',
      conversationId: 'conv-1',
      messageId: 'msg-1',
      status: 'sent',
    });
    expect(statusOf(queryClient)).toBe('delivered');
  });

  it("reads the conversation list again when a text arrives during the list's first load", async () => {
    const queryClient = createQueryClient();
    // The first load read the database before the text; only a later read has it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answers: ConversationListItem[][] = [[], [listItem(1)]];
    stubServer({
      'GET /api/phone/text': async () => {
        const answer = answers.shift() ?? [listItem(1)];
        if (answer.length === 0) await held;
        return Response.json({ conversations: answer });
      },
    });
    const observer = new QueryObserver(queryClient, conversationsQueryOptions('all'));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('fetching'));
    const applied = applyAccountEvent(queryClient, {
      type: 'message.received',
      conversationId: 'conv-1',
      messageId: 'msg-1',
    });
    release();
    await applied;
    expect(queryClient.getQueryData(conversationsQueryOptions('all').queryKey)).toEqual([
      listItem(1),
    ]);
    unsubscribe();
  });

  it('shows a conversation read in every list once its newest page is loaded', async () => {
    const queryClient = createQueryClient();
    stubServer({ 'POST /api/phone/text/conv-1': () => Response.json(page('received')) });
    queryClient.setQueryData(conversationsQueryOptions('all').queryKey, [listItem(2)]);
    await queryClient.fetchInfiniteQuery(conversationQueryOptions('conv-1', queryClient));
    expect(queryClient.getQueryData(conversationsQueryOptions('all').queryKey)).toEqual([
      listItem(0),
    ]);
  });
});
