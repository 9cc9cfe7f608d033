import { DEFAULT_LOCALE_FORMAT, type LocaleFormat } from '@tentpole/domain';
import { createContext, useContext } from 'react';

/**
 * How the signed-in account writes dates, numbers and money (its locale and currency). The shell
 * provides it from the account it loads; outside the shell (sign-in, public pages) and in a test
 * that mounts no provider it is the spec's `en-US` in US dollars.
 */
export const AccountFormatContext = createContext<LocaleFormat>(DEFAULT_LOCALE_FORMAT);

export function useAccountFormat(): LocaleFormat {
  return useContext(AccountFormatContext);
}
