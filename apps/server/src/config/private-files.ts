import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds the database (password hashes included) and the auth secret: only the
 * server's own user may read it. The folder is 0700, so nobody else can enter it whatever its
 * files' modes; its files are made 0600 at start (what an earlier version, or PGlite, which
 * sets its files' modes itself, left readable).
 */
export function keepPrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const walk = (target: string) => {
    const stat = lstatSync(target);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(target, 0o700);
      for (const entry of readdirSync(target)) walk(path.join(target, entry));
    } else if ((stat.mode & 0o077) !== 0) {
      chmodSync(target, stat.mode & 0o600);
    }
  };
  walk(dataDir);
}
