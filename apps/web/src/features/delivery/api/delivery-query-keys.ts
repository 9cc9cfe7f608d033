/** Every delivery query sits under 'delivery', so a save refreshes settings and depots alike. */
export const deliveryQueryKeys = {
  all: ['delivery'] as const,
  settings: () => [...deliveryQueryKeys.all, 'settings'] as const,
  depots: () => [...deliveryQueryKeys.all, 'depots'] as const,
};
