/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** PostHog project key; analytics is off without it. */
  readonly VITE_POSTHOG_KEY?: string;
  /** PostHog ingestion host; defaults to PostHog's US cloud. */
  readonly VITE_POSTHOG_HOST?: string;
  /** Sentry DSN; error reporting is off without it. Events go through /monitoring. */
  readonly VITE_SENTRY_DSN?: string;
  /** The environment named in analytics and error reports; defaults to Vite's mode. */
  readonly VITE_APP_ENV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
