/**
 * A bounded, per-instance cache with a time limit, emptied at once when told that who may do
 * what has changed (the `tentpole_auth` notice every instance listens for, migration 0008).
 *
 * A value loaded while a notice arrived is not kept: `generation` moves on every clear, and
 * `set` drops a value whose load began in an older generation, so a request that raced a
 * revocation cannot put the revoked session back.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private currentGeneration = 0;

  constructor(private readonly options: { max: number; ttlMs: number; now?: () => number }) {}

  get generation(): number {
    return this.currentGeneration;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, loadedInGeneration: number): void {
    if (loadedInGeneration !== this.currentGeneration) return;
    if (this.entries.size >= this.options.max) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: this.now() + this.options.ttlMs });
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
