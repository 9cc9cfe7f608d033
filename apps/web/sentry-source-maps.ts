import type { PluginOption } from 'vite';

type BuildEnv = Record<string, string | undefined>;

/** SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT all set: this build uploads source maps. */
export function uploadsSourceMaps(env: BuildEnv): boolean {
  return Boolean(env.SENTRY_AUTH_TOKEN && env.SENTRY_ORG && env.SENTRY_PROJECT);
}

/**
 * Source maps for error reports, only when a build can upload them (uploadsSourceMaps; and
 * SENTRY_URL for a self-hosted Sentry). Then the build writes 'hidden' maps (no
 * sourceMappingURL comment in the bundles), Sentry's plugin uploads them and deletes them from
 * dist, so the server never has a map to serve. Otherwise no map is generated at all, and the
 * plugin is not even loaded.
 */
export function sentrySourceMaps(env: BuildEnv): {
  sourcemap: 'hidden' | false;
  plugins: PluginOption;
} {
  if (!uploadsSourceMaps(env)) return { sourcemap: false, plugins: [] };
  return {
    sourcemap: 'hidden',
    plugins: import('@sentry/vite-plugin').then(({ sentryVitePlugin }) =>
      sentryVitePlugin({
        authToken: env.SENTRY_AUTH_TOKEN,
        org: env.SENTRY_ORG,
        project: env.SENTRY_PROJECT,
        ...(env.SENTRY_URL ? { url: env.SENTRY_URL } : {}),
        sourcemaps: { filesToDeleteAfterUpload: ['./dist/**/*.map'] },
        telemetry: false,
      }),
    ),
  };
}
