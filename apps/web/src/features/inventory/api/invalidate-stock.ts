import type { QueryClient } from '@tanstack/react-query';
import { inventoryQueryKeys } from './inventory-query-keys';

/** A downtime opened or ended changes the product's stock: its month, its list, today's list. */
export function invalidateStock(queryClient: QueryClient, productId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.product(productId) }),
    queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.downtimes() }),
  ]).then(() => undefined);
}
