import { localeFormat, resolveCurrency } from '@tentpole/domain';
import type { ReactNode } from 'react';
import { useAccountOverview } from '@/features/accounts/api/get-account-overview';
import { AccountFormatContext } from '@/lib/account-format';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The account's locale and currency (`accounts.settings`, back-office spec §2) for every screen
 * in the shell, from the account overview the user menu already loads. Until it arrives, and for
 * a setting it cannot use, screens format as `en-US` in US dollars.
 */
export function AccountFormatProvider({ children }: { children: ReactNode }) {
  const { data } = useAccountOverview();
  const settings = data?.settings ?? {};
  const format = localeFormat(text(settings.locale), resolveCurrency(settings.currency));
  return <AccountFormatContext value={format}>{children}</AccountFormatContext>;
}
