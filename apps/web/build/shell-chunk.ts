import type { Plugin } from 'vite';

/**
 * The chunks around the lazy app shell (decision 0072). The shell (sidebar, header, Reach, the
 * account switcher, the command palette) loads only for a signed-in page, so the sign-in page
 * never downloads it. Left to the bundler's defaults, what the shell imports was cut into dozens
 * of small chunks shared with the pages (an icon each), which compress badly: the signed-in
 * first visit grew by 16 kB. Two groups keep it whole:
 *
 * - `landing-kit`: what the sign-in page needs beyond the entry (its form parts), so that it
 *   never reaches into the shell's chunk;
 * - `shell`: everything else the shell and the home page need beyond the entry. Every signed-in
 *   page loads the shell anyway, so a page sharing a module with it gets it from there.
 *
 * A group takes its modules' dependencies along unless a group with a higher priority took them
 * first, so the entry's own groups (vendor, index) must rank above these.
 */
export function shellChunk(options: {
  /** The shell's module, imported lazily. */
  shell: string;
  /** The signed-in landing page (its own chunk stays apart, so the manifest still names it). */
  home: string;
  /** The app's entry module: what it reaches statically stays with it. */
  entry: string;
  /** The signed-out landing page. */
  landing: string;
}) {
  const shellModules = new Set<string>();
  const landingModules = new Set<string>();
  const plugin: Plugin = {
    name: 'tentpole:shell-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      /** The modules `from` reach through static imports, themselves included. */
      const reach = (...from: (string | undefined)[]) => {
        const seen = new Set<string>();
        const stack = from.filter((id): id is string => id !== undefined);
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = reach(find(options.entry));
      const landing = find(options.landing);
      const home = find(options.home);
      landingModules.clear();
      for (const id of reach(landing)) if (!entry.has(id) && id !== landing) landingModules.add(id);
      shellModules.clear();
      for (const id of reach(find(options.shell), home))
        if (!entry.has(id) && !landingModules.has(id) && id !== home) shellModules.add(id);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'landing-kit', test: (id: string) => landingModules.has(id), priority: 2 },
      { name: 'shell', test: (id: string) => shellModules.has(id), priority: 1 },
    ],
  };
}
