import type { BulkEditRow } from '../../../shared/schemas/bulk-edit';
import { deviceUpdateInputSchema } from '../../../shared/schemas/device';
import type { TenantContext } from '../data/tenant-context';
import { deviceRepository } from '../devices/device-repository';
import { saveDevice } from '../devices/device-writes';
import { notFound } from '../http/errors';
import { validate } from '../http/validation';
import { rowOutcome } from './row-outcome';

/**
 * One device of a bulk edit, applied as PUT /api/devices/{id} applies the device form: the same schema, the
 * profiles' existence check, the version condition and the asset summary kept in step, in one transaction.
 */
export async function applyDeviceRow(
  ctx: TenantContext,
  id: number,
  changes: Record<string, unknown>,
): Promise<BulkEditRow> {
  return rowOutcome(id, async () => {
    const current = await deviceRepository.get(ctx, id);
    if (!current) throw notFound();
    return saveDevice(ctx, current, validate(deviceUpdateInputSchema, { ...changes, version: current.version }));
  });
}
