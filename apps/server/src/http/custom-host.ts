import type { Context } from 'hono';

/**
 * Requests the store's custom-domain router re-dispatched (decision 0068): a verified custom
 * domain's request, its path mapped onto /s/{slug}. Kept by object, so no header a client sends
 * can claim it; the web app's shell and the cart cookie's path look here.
 */
const customHostRequests = new WeakSet<Request>();

export const markCustomHost = (request: Request) => void customHostRequests.add(request);
export const isCustomHost = (c: Context) => customHostRequests.has(c.req.raw);
