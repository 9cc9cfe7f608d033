import type { CustomerListQuery } from '@tentpole/domain';

/** Every customer query sits under 'customers', so a save can refresh them all at once. */
export const customerQueryKeys = {
  all: ['customers'] as const,
  lists: () => [...customerQueryKeys.all, 'list'] as const,
  list: (query: CustomerListQuery) => [...customerQueryKeys.lists(), query] as const,
  detail: (id: string) => [...customerQueryKeys.all, 'detail', id] as const,
  related: (id: string, part: 'orders' | 'documents' | 'phone' | 'journey') =>
    [...customerQueryKeys.detail(id), part] as const,
};
