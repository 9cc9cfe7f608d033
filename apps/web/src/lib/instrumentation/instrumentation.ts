import { type AnalyticsAdapter, createPostHogAnalytics, noopAnalytics } from './analytics-adapter';
import { type ConsentStore, createCookieConsentStore } from './analytics-consent';
import { type Analytics, createConsentedAnalytics } from './consented-analytics';
import { type ErrorReporter, noopErrorReporter } from './error-reporter';
import { createSentryReporter } from './sentry-reporter';

export type InstrumentationConfig = {
  posthogKey?: string;
  posthogHost?: string;
  sentryDsn?: string;
  environment: string;
};

export type Instrumentation = {
  analytics: Analytics;
  /** Whether an analytics service is configured; the consent prompt shows only then. */
  analyticsConfigured: boolean;
  consent: ConsentStore;
  errors: ErrorReporter;
  environment: string;
};

/** Reads the instrumentation settings from Vite's environment; everything is off by default. */
export function instrumentationConfigFromEnv(env: ImportMetaEnv): InstrumentationConfig {
  return {
    posthogKey: env.VITE_POSTHOG_KEY || undefined,
    posthogHost: env.VITE_POSTHOG_HOST || undefined,
    sentryDsn: env.VITE_SENTRY_DSN || undefined,
    environment: env.VITE_APP_ENV || env.MODE,
  };
}

type Overrides = {
  analyticsAdapter?: AnalyticsAdapter;
  consent?: ConsentStore;
  errors?: ErrorReporter;
};

/** Analytics and error reporting, off (no network calls at all) unless configured. */
export function createInstrumentation(
  config: InstrumentationConfig,
  overrides: Overrides = {},
): Instrumentation {
  const analyticsConfigured = Boolean(config.posthogKey) || Boolean(overrides.analyticsAdapter);
  const adapter =
    overrides.analyticsAdapter ??
    (config.posthogKey
      ? createPostHogAnalytics({
          apiKey: config.posthogKey,
          host: config.posthogHost ?? 'https://us.i.posthog.com',
        })
      : noopAnalytics);
  const consent = overrides.consent ?? createCookieConsentStore();
  const errors =
    overrides.errors ??
    (config.sentryDsn
      ? createSentryReporter({ dsn: config.sentryDsn, environment: config.environment })
      : noopErrorReporter);
  return {
    analytics: createConsentedAnalytics(adapter, consent),
    analyticsConfigured,
    consent,
    errors,
    environment: config.environment,
  };
}

/**
 * React's own hooks for render errors (React 19 `createRoot` options): errors an error
 * boundary caught (a route's) and errors none did. Every boundary reports through here, so
 * none has to remember to.
 */
export function reportRenderErrors(errors: ErrorReporter) {
  const report =
    (caught: boolean) => (error: unknown, info: { componentStack?: string | undefined }) => {
      // Overriding the hooks stops React's own logging; keep it where developers look.
      if (import.meta.env.DEV) console.error(error);
      errors.captureException(error, { componentStack: info.componentStack, caught });
    };
  return { onCaughtError: report(true), onUncaughtError: report(false) };
}

/** Reports errors nothing else caught. */
export function reportUncaughtErrors(errors: ErrorReporter): () => void {
  const onError = (event: ErrorEvent) => errors.captureException(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => errors.captureException(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
