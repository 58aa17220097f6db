import { CODEC_BUDGET } from './codec-budget';
import { CompiledCodec } from './sandbox';

/**
 * Compiled codecs by profile version (`<tenant>:<profile id>:<version>`): compiled once, reused across a batch
 * and a warm Lambda. Bounded (least recently used out, its runtime disposed); a codec whose run hit a limit is
 * dropped and compiled afresh on its next uplink, so a damaged runtime is never reused. A new profile version
 * has a new key, and the old one ages out.
 */
/** 16 × the 16 MB heap limit stays well inside the processor's 1,024 MB (WebAssembly memory never shrinks). */
export const MAX_CACHED_CODECS = 16;
/**
 * A tenant's share of the slots: a tenant whose uplinks rotate through more profiles than that recompiles its own
 * codecs (charged to its codec time, codec-budget.ts), never pushes out another tenant's.
 */
export const TENANT_CODEC_SLOTS = 4;

type Compiled = CompiledCodec | { error: string };
type Entry = Promise<Compiled>;
const cache = new Map<string, Entry>();

export const codecKey = (tenantId: string, profileId: number, version: number) => `${tenantId}:${profileId}:${version}`;
export const tenantOfKey = (key: string) => key.slice(0, key.indexOf(':'));

const oldestOf = (tenantId?: string) => {
  for (const key of cache.keys()) if (tenantId === undefined || tenantOfKey(key) === tenantId) return key;
  return undefined;
};

function evict(key: string, entry: Entry) {
  cache.delete(key);
  void entry.then((codec) => {
    if (codec instanceof CompiledCodec) codec.dispose();
  });
}

/** Whether a call of `compiledCodec` would compile (the budget is asked first: a compile is codec time too). */
export const isCached = (key: string) => cache.has(key);

/** The compiled codec, and the compile time this call spent (0 when it was cached or compiling already). */
export async function compiledCodec(key: string, source: string): Promise<{ codec: Compiled; compileMs: number }> {
  const entry = cache.get(key);
  if (entry) {
    // Map order is insertion order: re-inserting marks it as the most recently used.
    cache.delete(key);
    cache.set(key, entry);
    return { codec: await entry, compileMs: 0 };
  }
  const tenantId = tenantOfKey(key);
  let own = 0;
  for (const cached of cache.keys()) if (tenantOfKey(cached) === tenantId) own += 1;
  if (own >= TENANT_CODEC_SLOTS) evictKey(oldestOf(tenantId));
  while (cache.size >= MAX_CACHED_CODECS) evictKey(oldestOf());
  const compiling = CompiledCodec.timedCompile(source);
  cache.set(
    key,
    compiling.then((done) => done.codec),
  );
  return compiling;
}

function evictKey(key: string | undefined) {
  const entry = key === undefined ? undefined : cache.get(key);
  if (key !== undefined && entry) evict(key, entry);
}

/**
 * Runs that hit a limit, per profile version. QuickJS checks the deadline between slices of bytecode, so a
 * codec whose single operations are huge (megabyte arrays in a loop) can overrun 50 ms until its memory limit
 * stops it (seconds, docs/performance.md). After STRIKES such runs in a container the version is refused at
 * once: one bad codec costs a few uplinks' worth of time, never a stalled queue.
 */
export const STRIKES = 3;
const strikes = new Map<string, number>();
/**
 * Slow successes in a row (over CODEC_BUDGET.slowRunMs), per profile version: strikes too, so a codec that spends
 * nearly its whole deadline on every uplink is refused as a looping one is. A quick run forgives them (one slow
 * run is a pause of a loaded machine as often as the codec's); a codec slow on only some uplinks is held by its
 * tenant's share of codec time instead (codec-budget.ts).
 */
const slowRuns = new Map<string, number>();

export const struckOut = (key: string) => (strikes.get(key) ?? 0) + (slowRuns.get(key) ?? 0) >= STRIKES;

/** A run this far past the deadline (the memory-bound case) uses up every strike at once. */
export const OVERRUN_MS = 500;

const counted = (counts: Map<string, number>, key: string, count: number) => {
  counts.delete(key);
  counts.set(key, count);
  if (counts.size > 1000) counts.delete(counts.keys().next().value as string);
};

/**
 * After a run: a codec whose runtime is no longer trusted leaves the cache and gets a strike (all, if it overran);
 * a slow success gets a strike of the forgivable kind (its runtime is sound and stays cached).
 */
export function release(key: string, codec: CompiledCodec, tookMs = 0) {
  if (!codec.broken) {
    if (tookMs < CODEC_BUDGET.slowRunMs) slowRuns.delete(key);
    else counted(slowRuns, key, (slowRuns.get(key) ?? 0) + 1);
    return;
  }
  const entry = cache.get(key);
  if (entry) evict(key, entry);
  counted(strikes, key, tookMs > OVERRUN_MS ? STRIKES : (strikes.get(key) ?? 0) + 1);
}

export const cachedCodecCount = () => cache.size;

/** Tests and the bench: start cold. */
export function clearCodecCache() {
  for (const [key, entry] of [...cache]) evict(key, entry);
  strikes.clear();
  slowRuns.clear();
}
