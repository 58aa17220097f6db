import { assetListRequestOf } from '../../functions/lib/assets/asset-list-request';
import { listAssets } from '../../functions/lib/assets/asset-query';
import { dynamo } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { deviceListRequestOf } from '../../functions/lib/devices/device-list-request';
import { listDevices } from '../../functions/lib/devices/device-query';
import { tallyConsumedCapacity } from './consumed-capacity';

/**
 * Read units of one list request: the list's own code (what the handler runs after authentication) called once
 * in this process against the stack's table, with DynamoDB's ConsumedCapacity tallied (consumed-capacity.ts).
 * Locally dynalite counts reads as DynamoDB does: a Query by the summed size of the entries it read (index
 * entries are their projection), a GetItem or BatchGetItem by each whole item rounded up to 4 KB, eventually
 * consistent at half. Items read says how many things a request touched; read units say what it costs, and
 * the two differ most between reading small index entries in order and fetching whole items by key.
 */
export async function readUnitsOf(run: () => Promise<unknown>): Promise<number> {
  const counting = tallyConsumedCapacity(dynamo(), 'benchListReadUnits');
  try {
    await run();
  } finally {
    counting.stop();
  }
  return counting.tally.readUnits;
}

/** GET /api/assets?<query> as the super admin (staff) in the tenant. */
export const assetListReadUnits = (tenantId: number, query: string) =>
  readUnitsOf(() =>
    listAssets(systemTenantContext(String(tenantId)), assetListRequestOf(query, { kind: 'staff' }).request),
  );

/** GET /api/devices?<query> as the super admin (an admin: every filter) in the tenant. */
export const deviceListReadUnits = (tenantId: number, query: string) =>
  readUnitsOf(() =>
    listDevices(
      systemTenantContext(String(tenantId)),
      deviceListRequestOf(query, { roles: ['ROLE_SUPER_ADMIN'] }).request,
    ),
  );

/** Read units as a table cell: DynamoDB counts them in halves. */
export const formatUnits = (units: number) => (Number.isInteger(units) ? String(units) : units.toFixed(1));
