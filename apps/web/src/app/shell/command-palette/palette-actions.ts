import { can, hasPhoneService, isMessagingReady, type PhoneInfo } from '@tentpole/domain';

export type PaletteActionId = 'new-text' | 'outbound-call' | 'new-order';

type ActionAccess = {
  roles: readonly string[];
  /** The account's phone info; null or undefined when it has none or it is not known yet. */
  phoneInfo: PhoneInfo | null | undefined;
  /** Whether the user may open the page at a url, as its route declares. */
  mayOpen: (url: string) => boolean;
};

/** Where New order leads: the order form, a later release's page. */
export const NEW_ORDER_URL = '/orders/new';

/**
 * The actions the palette offers, decided as the places that offer them today decide:
 * New text as Reach's own New text button (phone.write and texting switched on, spec §6),
 * Outbound call as Reach's plus action (Reach and phone service, spec §2, §6), New order with
 * order.write once its page exists.
 */
export function paletteActions({ roles, phoneInfo, mayOpen }: ActionAccess): PaletteActionId[] {
  const actions: PaletteActionId[] = [];
  const mayOpenReach = mayOpen('/phone');
  if (mayOpenReach && can(roles, 'phone.write') && isMessagingReady(phoneInfo)) {
    actions.push('new-text');
  }
  if (mayOpenReach && hasPhoneService(phoneInfo)) actions.push('outbound-call');
  if (can(roles, 'order.write') && mayOpen(NEW_ORDER_URL)) actions.push('new-order');
  return actions;
}
