import type { RentalContract, RentalContractInput } from '../../../shared/schemas/rental-contract';
import type { TenantContext } from '../data/tenant-context';
import { conflict, notFound, unprocessable } from '../http/errors';
import { contentOf, presentLine } from './rental-contract-items';
import { referenceViolations } from './rental-contract-refs';
import { readStoredLines, upsertLines } from './rental-contract-writes';

/**
 * PUT and DELETE of one line: the bulk upsert's path for one line (rental-contract-writes.ts), answered as the
 * API answers one entity: 422 for an id not in the tenant, 409 for a version that is not the stored one.
 */
export async function putLine(
  ctx: TenantContext,
  changedBy: number,
  externalId: string,
  input: RentalContractInput,
): Promise<RentalContract> {
  const line = { ...input, externalId };
  const missing = (await referenceViolations(ctx, [line])).get(0);
  if (missing) throw unprocessable(missing);
  const [outcome] = await upsertLines(ctx, changedBy, [line]);
  if (!outcome || outcome.result === 'refused') throw conflict();
  return presentLine(outcome.line);
}

/** Deleting a line cancels it: a new version with status cancelled (none when it already is). */
export async function cancelLine(ctx: TenantContext, changedBy: number, externalId: string): Promise<void> {
  const stored = (await readStoredLines(ctx, [externalId])).get(externalId);
  if (!stored) throw notFound();
  if (stored.status === 'cancelled') return;
  const [outcome] = await upsertLines(ctx, changedBy, [
    { ...contentOf(stored), externalId, status: 'cancelled', version: stored.version },
  ]);
  if (!outcome || outcome.result === 'refused') throw conflict();
}
