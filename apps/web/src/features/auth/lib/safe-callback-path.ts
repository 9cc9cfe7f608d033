/**
 * The path to return to after signing in. Only paths on this origin are followed, so a crafted
 * `?callbackUrl=https://elsewhere` link cannot bounce a user off the site; anything else gives `/`.
 * Auth.js sends absolute urls on its own origin (`http://host/orders`), which are kept as paths.
 */
export function safeCallbackPath(
  callbackUrl: string | undefined,
  origin: string = window.location.origin,
): string {
  if (!callbackUrl) return '/';
  let url: URL;
  try {
    url = new URL(callbackUrl, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
