import type { ErrorReporter } from './error-reporter';
import { MONITORING_TUNNEL_PATH } from './error-reporter';

type SentrySdk = typeof import('./sentry-sdk');

type SentryReporterOptions = {
  dsn: string;
  environment: string;
  /** Loads the SDK; a dynamic import, so a build without a DSN never downloads it. */
  loadSdk?: () => Promise<SentrySdk>;
};

type Call = (sdk: SentrySdk) => void;

/**
 * Error reporting with Sentry's browser SDK, fetched only when a DSN is configured. Reports
 * made while it loads are kept and sent once it is ready. Events go through the /monitoring
 * tunnel (spec §7), so the browser only ever talks to our own origin; the server passes them
 * on to the DSN's project.
 */
export function createSentryReporter({
  dsn,
  environment,
  loadSdk = () => import('./sentry-sdk'),
}: SentryReporterOptions): ErrorReporter {
  let sdk: SentrySdk | null = null;
  let pending: Call[] | null = [];
  const run = (call: Call) => {
    if (sdk) call(sdk);
    else pending?.push(call);
  };

  void loadSdk()
    .then((loaded) => {
      loaded.init({
        dsn,
        environment,
        tunnel: MONITORING_TUNNEL_PATH,
        // reportUncaughtErrors (instrumentation.ts) already listens from the first moment,
        // before the SDK is here; Sentry's own window handlers would report each error twice.
        integrations: (defaults) =>
          defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
      });
      sdk = loaded;
      for (const call of pending ?? []) call(loaded);
      pending = null;
    })
    .catch(() => {
      // Without the SDK (an ad blocker, a failed chunk) errors go unreported, not raised.
      pending = null;
    });

  return {
    captureException(error, context) {
      run((loaded) => loaded.captureException(error, context ? { extra: context } : undefined));
    },
    setUser(user) {
      run((loaded) => loaded.setUser(user));
    },
  };
}
