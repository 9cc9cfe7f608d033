import type { QueryClient } from '@tanstack/react-query';
import type { Product } from '@tentpole/domain';
import { inventoryQueryKeys } from './inventory-query-keys';

/**
 * After any write that answers with the product: the detail shows what the server kept, and
 * the lists (names, thumbnails, quantities) and the surface grid load again when next shown.
 */
export function storeProduct(queryClient: QueryClient, product: Product): Promise<void> {
  queryClient.setQueryData(inventoryQueryKeys.product(product.id), product);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.productLists() }),
    queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.surfaceRules() }),
    queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.categories() }),
  ]).then(() => undefined);
}
