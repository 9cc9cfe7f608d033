/** Every team query sits under 'staff', so a change refreshes the members and the invitations. */
export const staffQueryKeys = {
  all: ['staff'] as const,
  team: () => [...staffQueryKeys.all, 'team'] as const,
  invite: (token: string) => ['invite', token] as const,
};
