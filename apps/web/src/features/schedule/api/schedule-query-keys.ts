/** Every schedule query sits under 'schedule': the hours and rules, and the blackouts. */
export const scheduleQueryKeys = {
  all: ['schedule'] as const,
  schedule: () => [...scheduleQueryKeys.all, 'hours'] as const,
  blackouts: () => [...scheduleQueryKeys.all, 'blackouts'] as const,
  staff: () => [...scheduleQueryKeys.all, 'staff'] as const,
};
