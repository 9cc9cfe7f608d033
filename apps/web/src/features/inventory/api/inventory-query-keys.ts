import type { ProductListQuery } from '@tentpole/domain';

/** Every inventory query sits under 'inventory', so a save can refresh what it touches. */
export const inventoryQueryKeys = {
  all: ['inventory'] as const,
  products: () => [...inventoryQueryKeys.all, 'products'] as const,
  productLists: () => [...inventoryQueryKeys.products(), 'list'] as const,
  productList: (query: ProductListQuery) => [...inventoryQueryKeys.productLists(), query] as const,
  product: (id: string) => [...inventoryQueryKeys.products(), 'detail', id] as const,
  productMonth: (id: string, month: string) =>
    [...inventoryQueryKeys.product(id), 'availability', month] as const,
  productDowntimes: (id: string) => [...inventoryQueryKeys.product(id), 'downtimes'] as const,
  downtimes: () => [...inventoryQueryKeys.all, 'downtimes'] as const,
  currentDowntimes: () => [...inventoryQueryKeys.downtimes(), 'current'] as const,
  categories: () => [...inventoryQueryKeys.all, 'categories'] as const,
  surfaceRules: () => [...inventoryQueryKeys.all, 'surface-rules'] as const,
};
