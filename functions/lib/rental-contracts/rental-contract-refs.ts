import type { Violation } from '../../../shared/errors';
import { RENTAL_CONTRACT_MESSAGES, type RentalContractLine } from '../../../shared/schemas/rental-contract';
import { batchGetByIds } from '../data/batch-get';
import type { TenantContext } from '../data/tenant-context';
import { GEO_ZONE_TYPE } from '../geo-zones/geo-zone-repository';

/**
 * The customers, assets, asset profiles and geo zones the lines name must be the caller's tenant's. Every id
 * is looked up once, whatever number of lines name it (BatchGetItem, ids only); an id of another tenant is
 * simply not found there, and is refused with the same words as one that never existed.
 */
const REFERENCES = [
  { path: 'customer', type: 'CLIENT', idOf: (line: RentalContractLine) => line.customer },
  { path: 'asset', type: 'ASSET', idOf: (line: RentalContractLine) => line.asset },
  { path: 'assetProfile', type: 'PROFILE_DEF', idOf: (line: RentalContractLine) => line.assetProfile },
  { path: 'deliverySite.geoZone', type: GEO_ZONE_TYPE, idOf: (line: RentalContractLine) => line.deliverySite.geoZone },
] as const;

/** The violations of each line (by its place in `lines`) whose references are not in the tenant. */
export async function referenceViolations(
  ctx: TenantContext,
  lines: readonly RentalContractLine[],
): Promise<Map<number, Violation[]>> {
  const found = await Promise.all(
    REFERENCES.map(async (reference) => {
      const ids = [...new Set(lines.flatMap((line) => reference.idOf(line) ?? []))];
      const items = ids.length ? await batchGetByIds(ctx, reference.type, ids, { attributes: ['id'] }) : [];
      return new Set(items.map((item) => Number(item.id)));
    }),
  );
  const violations = new Map<number, Violation[]>();
  lines.forEach((line, index) => {
    const missing = REFERENCES.flatMap((reference, i) => {
      const id = reference.idOf(line);
      return id && !found[i]?.has(id)
        ? [{ propertyPath: reference.path, message: RENTAL_CONTRACT_MESSAGES.notInTenant }]
        : [];
    });
    if (missing.length) violations.set(index, missing);
  });
  return violations;
}
