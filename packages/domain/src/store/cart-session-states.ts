// Its own module without zod, so a route's search schema can name the states without bringing
// the store's form schemas into the web app's first visit.

/** §10 cart sessions, as staff work them: open (holding or not yet left), left, or booked. */
export const CART_SESSION_STATES = ['open', 'abandoned', 'converted'] as const;
export type CartSessionState = (typeof CART_SESSION_STATES)[number];
export const CART_SESSION_STATE_LABELS: Readonly<Record<CartSessionState, string>> = {
  open: 'Open',
  abandoned: 'Abandoned',
  converted: 'Became an order',
};
