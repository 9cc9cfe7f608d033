import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sentrySourceMaps } from './sentry-source-maps.ts';

const sourceMaps = sentrySourceMaps(process.env);

export default defineConfig({
  plugins: [react(), tailwindcss(), sourceMaps.plugins],
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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: sourceMaps.sourcemap },
});
