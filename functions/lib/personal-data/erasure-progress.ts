import { systemTenantContext } from '../data/system-context';
import { type ErasureRecord, finishErasure, saveErasureProgress } from './erasure-store';

/**
 * How an erasure moves on: steps run in order from the place the record keeps, and the place is saved after each
 * run, so that the request and the tenant-walk job each carry it on where the last run stopped and a crash or a
 * timeout repeats at most one page. A step answers where its walk stopped (a cursor), or nothing once done.
 */
type Key = Record<string, unknown>;
export type ErasureStep = (erasure: ErasureRecord, cursor: Key | undefined) => Promise<Key | undefined>;

/** The steps on live data come first (erasure-steps.ts, the request's); the history walk is the step after them. */
export const HISTORY_STEP = 4;

export const contextOf = (erasure: ErasureRecord) => systemTenantContext(erasure.tenantId);
export const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

/**
 * Runs `steps` from the record's place until they are done or the deadline passes; once the steps are the
 * whole erasure (`finishes`), the record and the details it holds go. Answers whether the steps are done.
 */
export async function advanceErasure(
  erasure: ErasureRecord,
  steps: readonly ErasureStep[],
  deadline: number,
  finishes: boolean,
): Promise<boolean> {
  let { step, cursor } = erasure;
  while (step < steps.length) {
    if (Date.now() > deadline) return false;
    cursor = await (steps[step] as ErasureStep)(erasure, cursor);
    if (!cursor) step += 1;
    await saveErasureProgress({ ...erasure, step, cursor });
  }
  if (finishes) await finishErasure(erasure);
  return true;
}
