/** Every website query sits under 'website', so a save refreshes the list and the page. */
export const websiteQueryKeys = {
  all: ['website'] as const,
  pages: () => [...websiteQueryKeys.all, 'pages'] as const,
  page: (id: string) => [...websiteQueryKeys.pages(), 'detail', id] as const,
};
