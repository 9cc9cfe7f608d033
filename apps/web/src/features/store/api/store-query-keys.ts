/** The store's queries: its settings (Website Settings) and its custom domain. */
export const storeQueryKeys = {
  settings: () => ['store', 'settings'] as const,
  domain: () => ['store', 'domain'] as const,
};
