/**
 * Export jobs the console is waiting for (web/src/api/exportJobs.ts): the live layer settles a wait when the
 * job's `export` change arrives on the user's channel, so the job finishes without polling. Kept free of the
 * push client so the export code does not load it.
 */
const waiting = new Map<string, Set<() => void>>();
/** Jobs whose change arrived, remembered briefly: it may come while the job's last read is still on its way. */
const settled = new Set<string>();
const SETTLED_KEPT = 50;
let pushLive = () => false;

/** The live layer says whether pushed changes arrive right now. */
export function registerPushState(isLive: () => boolean) {
  pushLive = isLive;
}

export const isPushLive = () => pushLive();

export function notifyExportSettled(jobId: string) {
  settled.add(jobId);
  if (settled.size > SETTLED_KEPT) settled.delete(settled.values().next().value as string);
  for (const wake of waiting.get(jobId) ?? []) wake();
}

/** Resolves when the job's change arrives (or had arrived), or after `ms` at the latest (the fallback poll). */
export function waitForExport(jobId: string, ms: number): Promise<void> {
  if (settled.has(jobId)) return Promise.resolve();
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
