/**
 * Export jobs the console is waiting for (web/src/api/exportJobs.ts): the live layer settles a wait when the
 * job's `export` change arrives on the user's channel, so the job finishes without polling. Kept free of the
 * push client so the export code does not load it.
 */
const waiting = new Map<string, Set<() => void>>();
/**
 * Jobs whose change arrived while nobody waited (the job's read was on its way), remembered briefly: the next
 * wait ends at once, once. A change wakes one round of waiting, as a poll would: read the job again.
 */
const settled = new Set<string>();
const SETTLED_KEPT = 50;
let pushLive = () => false;

/** The live layer says whether pushed changes arrive right now. */
export function registerPushState(isLive: () => boolean) {
  pushLive = isLive;
}

export const isPushLive = () => pushLive();

export function notifyExportSettled(jobId: string) {
  const wakers = waiting.get(jobId);
  if (wakers) {
    for (const wake of wakers) wake();
    return;
  }
  settled.add(jobId);
  if (settled.size > SETTLED_KEPT) settled.delete(settled.values().next().value as string);
}

/** Resolves when the job's change arrives (or had arrived), or after `ms` at the latest (the fallback poll). */
export function waitForExport(jobId: string, ms: number): Promise<void> {
  if (settled.delete(jobId)) return Promise.resolve();
  return new Promise((resolve) => {
    const wakers = waiting.get(jobId) ?? new Set<() => void>();
    waiting.set(jobId, wakers);
    const wake = () => {
      clearTimeout(timer);
      wakers.delete(wake);
      if (wakers.size === 0) waiting.delete(jobId);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    wakers.add(wake);
  });
}
