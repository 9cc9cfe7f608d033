// The JavaScript a first visit downloads (issue 13): read from the built web app, not measured
// in a browser, so the figure is the same on every machine. Gzip at level 9, as the
// precompressed .gz files the server sends; 1 kB is 1000 bytes, as Vite prints it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_DIST } from './bench-kit.js';

/** The first-visit budget (decision 0016): entry, vendor and the page's chunks, gzipped. */
export const FIRST_VISIT_BUDGET_BYTES = 150_000;

/**
 * The pages a first visit lands on, and the source files of the lazy chunks each renders at
 * once: its page and, for a signed-in page, the app shell.
 */
const FIRST_VISIT_PAGES = {
  '/auth/login': ['src/app/routes/auth/login-page.tsx'],
  '/': ['src/app/routes/dashboard-page.tsx', 'src/app/shell/app-shell.tsx'],
} as const;

/** Lazy chunks loaded after the first render, shown for information (not in the budget). */
const LOADED_LATER = {
  'sales chart (recharts), once the figures are in': 'sales-overview-chart.tsx',
  'Voice SDK, accounts with phone service only': '@twilio/voice-sdk/',
} as const;

/**
 * Source modules that live in a named chunk group instead of a chunk of their own, which the
 * manifest then does not name (decision 0072: the shell's group).
 */
const IN_GROUP: Readonly<Record<string, string>> = { 'src/app/shell/app-shell.tsx': 'shell' };

type ManifestChunk = {
  name?: string;
  src?: string;
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type FirstVisitFigure = { files: string[]; gzipBytes: number };

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
function withStaticImports(manifest: Manifest, key: string, into: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
}

/** The scripts index.html loads at once: its module script and its modulepreload links. */
function scriptsInIndexHtml(html: string): string[] {
  const sources = [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)];
  return [...sources, ...preloads.map((m) => m[1])].filter((file): file is string => !!file);
}

/** Reads the built app in `distDir` and sizes the entry and each first-visit page. */
export function firstVisitFigures(distDir: string): Record<string, FirstVisitFigure> {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const gzipped = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const figure = (files: Set<string>): FirstVisitFigure => {
    const list = [...files].sort();
    return { files: list, gzipBytes: list.reduce((sum, file) => sum + gzipSize(file), 0) };
  };

  const entry = new Set(scriptsInIndexHtml(readFileSync(path.join(distDir, 'index.html'), 'utf8')));
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) withStaticImports(manifest, key, entry);
  }
  const figures: Record<string, FirstVisitFigure> = { 'entry and vendor': figure(entry) };
  for (const [page, sources] of Object.entries(FIRST_VISIT_PAGES)) {
    // Before the routes were split (the baseline build) a page's code sits in the entry.
    const files = new Set(entry);
    for (const source of sources) {
      const group = IN_GROUP[source];
      const key =
        source in manifest || !group
          ? source
          : Object.keys(manifest).find((k) => manifest[k]?.name === group && !manifest[k]?.src);
      if (!key || !(key in manifest)) throw new Error(`the manifest has no chunk for ${source}`);
      withStaticImports(manifest, key, files);
    }
    figures[`first visit to ${page}`] = figure(files);
  }
  for (const [label, marker] of Object.entries(LOADED_LATER)) {
    const later = new Set<string>();
    const source = Object.keys(manifest).find((key) => key.includes(marker));
    if (source) withStaticImports(manifest, source, later);
    // After the first visit to the dashboard: what that visit loaded is there already.
    for (const file of figures['first visit to /']?.files ?? entry) later.delete(file);
    if (later.size > 0) figures[`later: ${label}`] = figure(later);
  }
  return figures;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

/** `npm run bench` section `bundle`: each figure as a ratio to the 150 kB budget. */
export function benchBundle(distDir = WEB_DIST): string {
  if (!existsSync(path.join(distDir, '.vite/manifest.json')))
    return 'the web app is not built with its manifest (npm run build): skipped';
  const lines = [
    `${'JavaScript, gzipped'.padEnd(58)} ${'size'.padStart(10)} ${'/ 150 kB'.padStart(9)} ${'files'.padStart(6)}`,
  ];
  for (const [name, { files, gzipBytes }] of Object.entries(firstVisitFigures(distDir))) {
    const ratio = (gzipBytes / FIRST_VISIT_BUDGET_BYTES).toFixed(2);
    lines.push(
      `${name.padEnd(58)} ${kB(gzipBytes).padStart(10)} ${ratio.padStart(9)} ${String(files.length).padStart(6)}`,
    );
  }
  return lines.join('\n');
}
