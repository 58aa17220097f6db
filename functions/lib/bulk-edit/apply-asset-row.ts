import type { BulkEditRow } from '../../../shared/schemas/bulk-edit';
import { editAsset } from '../assets/asset-http-writes';
import { assetRepository } from '../assets/asset-repository';
import type { TenantContext } from '../data/tenant-context';
import { notFound } from '../http/errors';
import { rowOutcome } from './row-outcome';

/**
 * One asset of a bulk edit (or of any other row-by-row update, such as an import), applied exactly as
 * PUT /api/assets/{id} applies a form: the same validation (against the stored scheduled date), references,
 * version condition, effects (pickups, zone counts, customer counts, status events, alarms following the
 * customer) in one transaction. The asset is read here, so an id of another tenant is simply not found.
 * `changes` are the fields as a caller sent them; the asset's name is sent back unchanged, as a form does.
 */
export async function applyAssetRow(
  ctx: TenantContext,
  id: number,
  changes: Record<string, unknown>,
  by: number | null,
): Promise<BulkEditRow> {
  return rowOutcome(id, async () => {
    const current = await assetRepository.get(ctx, id);
    if (!current) throw notFound();
    return editAsset(ctx, current, { ...changes, name: current.name, version: current.version }, by);
  });
}
