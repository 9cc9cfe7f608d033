/** Query keys for texting: every list shares a prefix, so one invalidation refreshes them all. */
export const textsQueryKey = ['phone', 'texts'] as const;
export const conversationListQueryKey = [...textsQueryKey, 'list'] as const;
export const conversationQueryKey = (id: string) => [...textsQueryKey, 'conversation', id] as const;
