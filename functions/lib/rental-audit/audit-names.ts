import type { RentalAuditLine } from '../../../shared/schemas/rental-audit';
import { batchGetByIds } from '../data/batch-get';
import type { TenantContext } from '../data/tenant-context';

/** What a file's row says of an asset besides its id. */
export interface AssetNames {
  name: string | null;
  reference: string | null;
}

/** A customer or an asset deleted since (or never in this tenant): its id stays in the row, its name is empty. */
const NO_ASSET: AssetNames = { name: null, reference: null };

export interface AuditNames {
  customer(id: number): string | null;
  asset(id: number | null): AssetNames;
}

/**
 * The names an export's rows give the customer and the asset beside their ids, so an accountant or an ERP clerk
 * can read the file. Reads, per answer of the month, only the ids that answer names and no earlier answer did
 * (one projected BatchGetItem per 100 ids, data/batch-get.ts), and keeps them for the rest of the export: a month
 * names the same customers and assets answer after answer. The ids are the answer's own, so a client user's file
 * names their customer and the assets of their lines, nothing else. A customer's name is its company, else the
 * contact's name (as the report subscriptions name it).
 */
export function auditNamesReader(ctx: TenantContext): (lines: readonly RentalAuditLine[]) => Promise<AuditNames> {
  const customers = new Map<number, string | null>();
  const assets = new Map<number, AssetNames>();
  const names: AuditNames = {
    customer: (id) => customers.get(id) ?? null,
    asset: (id) => (id === null ? NO_ASSET : (assets.get(id) ?? NO_ASSET)),
  };
  return async (lines) => {
    const customerIds = unknownIds(
      lines.map((line) => line.customer),
      customers,
    );
    const assetIds = unknownIds(
      lines.flatMap((line) => (line.asset === null ? [] : [line.asset])),
      assets,
    );
    const [customerItems, assetItems] = await Promise.all([
      customerIds.length ? batchGetByIds(ctx, 'CLIENT', customerIds, { attributes: ['id', 'name', 'company'] }) : [],
      assetIds.length ? batchGetByIds(ctx, 'ASSET', assetIds, { attributes: ['id', 'name', 'reference'] }) : [],
    ]);
    // Absent ids are kept as known-without-name, so a later answer does not ask for them again.
    for (const id of customerIds) customers.set(id, null);
    for (const id of assetIds) assets.set(id, NO_ASSET);
    for (const item of customerItems) {
      const customer = item as { id: number; name?: string | null; company?: string | null };
      customers.set(customer.id, customer.company || customer.name || null);
    }
    for (const item of assetItems) {
      const asset = item as { id: number; name?: string | null; reference?: string | null };
      assets.set(asset.id, { name: asset.name || null, reference: asset.reference || null });
    }
    return names;
  };
}

const unknownIds = (ids: readonly number[], known: ReadonlyMap<number, unknown>): number[] =>
  [...new Set(ids)].filter((id) => !known.has(id));
