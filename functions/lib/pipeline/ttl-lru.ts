/**
 * A small per-container cache: at most `maxEntries` answers, each kept `ttlMs`, least recently used out first.
 * For lookups a flood would otherwise repeat per message (the DEVEUI claim at ingest): a minute's staleness is
 * the price of one read per key per minute.
 */
export class TtlLru<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  /** The cached answer, or undefined when there is none or it has expired. */
  get(key: K, now = Date.now()): { value: V } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    // Map order is insertion order: re-inserting marks it as the most recently used.
    this.entries.set(key, entry);
    return { value: entry.value };
  }

  set(key: K, value: V, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
