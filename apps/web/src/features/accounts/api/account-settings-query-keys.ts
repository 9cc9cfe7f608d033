/** The settings `/account` edits sit beside the account's other queries. */
export const accountSettingsQueryKey = ['accounts', 'settings'] as const;
