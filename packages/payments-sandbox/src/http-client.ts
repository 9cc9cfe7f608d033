type HttpClientLike = {
  getClientName(): string;
  makeRequest(host: string, port: string, path: string, ...rest: never[]): Promise<unknown>;
};

/**
 * The `stripe` library's `host`, `port` and `protocol` settings name a server but not a path,
 * and the sandbox answers under its mount point (`/sandbox/payments/v1/…`): this wraps the
 * library's own HTTP client (`Stripe.createNodeHttpClient()`) so every request path starts
 * with that mount point. Nothing else about a request changes.
 */
export function pathPrefixedHttpClient<T extends HttpClientLike>(inner: T, prefix: string): T {
  const wrapped = {
    getClientName: () => inner.getClientName(),
    makeRequest: (host: string, port: string, path: string, ...rest: never[]) =>
      inner.makeRequest(host, port, `${prefix}${path}`, ...rest),
  };
  return wrapped as unknown as T;
}
