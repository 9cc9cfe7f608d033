import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Db } from '../../db/client.js';
import { cartByToken } from './queries.js';

/** The cookie naming the shopper's cart (scoped to the store's path). */
export const CART_COOKIE = 'tp_cart';

/** How many items the shopper's open cart holds, for the header's "Cart (n)". */
export async function cartCountOf(db: Db, c: Context, accountId: string): Promise<number> {
  const token = getCookie(c, CART_COOKIE);
  const cart = token ? await cartByToken(db, accountId, token) : null;
  return cart && !cart.convertedOrderId ? cart.itemCount : 0;
}
