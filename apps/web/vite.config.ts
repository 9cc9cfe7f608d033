import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstVisitBudget } from './build/first-visit-budget.ts';
import { precompress } from './build/precompress.ts';
import { shellChunk } from './build/shell-chunk.ts';
import { sentrySourceMaps } from './sentry-source-maps.ts';

const sourceMaps = sentrySourceMaps(process.env);
const shell = shellChunk({
  shell: '/src/app/shell/app-shell.tsx',
  home: '/src/app/routes/dashboard-page.tsx',
  entry: '/src/main.tsx',
  landing: '/src/app/routes/auth/login-page.tsx',
});

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    shell.plugin,
    firstVisitBudget(),
    precompress(),
    sourceMaps.plugins,
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // recharts reads element types with react-is, which must match React 19; the hoisted copy
    // at the workspace root is an older one that testing-library pulls in.
    dedupe: ['react-is'],
  },
  server: {
    port: 5173,
    // The Host header is kept as the browser sent it, so Auth.js builds its
    // redirect urls on the dev server's origin rather than on :3000.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Only when source maps are uploaded (then deleted): never served.
    sourcemap: sourceMaps.sourcemap,
    // The bundle bench and the budget check read the chunk graph from here.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries the first visit needs (React, the router, TanStack Query, zod…)
              // change less often than the app: their own chunk stays in the browser's cache
              // across releases. Libraries only a lazy page or component uses (recharts, the
              // Voice SDK) stay out of it and load with that page.
              name: 'vendor',
              test: /[\\/]node_modules[\\/]/,
              tags: ['$initial'],
              // Before the shell's groups, which would otherwise take the libraries they share
              // with the entry along with their own modules (decision 0072).
              priority: 3,
            },
            {
              // The app's own modules the entry needs, kept with it for the same reason.
              name: 'index',
              test: /[\\/]src[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            ...shell.groups,
          ],
        },
      },
    },
  },
});
