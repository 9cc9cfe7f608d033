/** Error reporting (Sentry is the expected service); third-party instrumentation. */
export interface ErrorReporter {
  captureException(error: unknown, context?: Record<string, unknown>): void;
  setUser(user: { id: string; email: string } | null): void;
}

export const noopErrorReporter: ErrorReporter = {
  captureException: () => {},
  setUser: () => {},
};

// spec §7: error events go through a tunnel on the product's own origin.
export const MONITORING_TUNNEL_PATH = '/monitoring';
