import { CompiledCodec } from './sandbox';

/**
 * Compiled codecs by profile version (`<tenant>:<profile id>:<version>`): compiled once, reused across a batch
 * and a warm Lambda. Bounded (least recently used out, its runtime disposed); a codec whose run hit a limit is
 * dropped and compiled afresh on its next uplink, so a damaged runtime is never reused. A new profile version
 * has a new key, and the old one ages out.
 */
/** 16 × the 16 MB heap limit stays well inside the processor's 1,024 MB (WebAssembly memory never shrinks). */
export const MAX_CACHED_CODECS = 16;

type Entry = Promise<CompiledCodec | { error: string }>;
const cache = new Map<string, Entry>();

export const codecKey = (tenantId: string, profileId: number, version: number) => `${tenantId}:${profileId}:${version}`;

function evict(key: string, entry: Entry) {
  cache.delete(key);
  void entry.then((codec) => {
    if (codec instanceof CompiledCodec) codec.dispose();
  });
}

export async function compiledCodec(key: string, source: string): Promise<CompiledCodec | { error: string }> {
  let entry = cache.get(key);
  if (entry) {
    // Map order is insertion order: re-inserting marks it as the most recently used.
    cache.delete(key);
    cache.set(key, entry);
  } else {
    entry = CompiledCodec.compile(source);
    cache.set(key, entry);
    while (cache.size > MAX_CACHED_CODECS) {
      const [oldest, old] = cache.entries().next().value as [string, Entry];
      evict(oldest, old);
    }
  }
  return entry;
}

/**
 * Runs that hit a limit, per profile version. QuickJS checks the deadline between slices of bytecode, so a
 * codec whose single operations are huge (megabyte arrays in a loop) can overrun 50 ms until its memory limit
 * stops it (seconds, docs/performance.md). After STRIKES such runs in a container the version is refused at
 * once: one bad codec costs a few uplinks' worth of time, never a stalled queue.
 */
export const STRIKES = 3;
const strikes = new Map<string, number>();

export const struckOut = (key: string) => (strikes.get(key) ?? 0) >= STRIKES;

/** A run this far past the deadline (the memory-bound case) uses up every strike at once. */
export const OVERRUN_MS = 500;

/** After a run: a codec whose runtime is no longer trusted leaves the cache and gets a strike (all, if it overran). */
export function release(key: string, codec: CompiledCodec, tookMs = 0) {
  const entry = cache.get(key);
  if (!codec.broken) return;
  if (entry) evict(key, entry);
  strikes.set(key, tookMs > OVERRUN_MS ? STRIKES : (strikes.get(key) ?? 0) + 1);
  if (strikes.size > 1000) strikes.delete(strikes.keys().next().value as string);
}

export const cachedCodecCount = () => cache.size;

/** Tests and the bench: start cold. */
export function clearCodecCache() {
  for (const [key, entry] of [...cache]) evict(key, entry);
  strikes.clear();
}
