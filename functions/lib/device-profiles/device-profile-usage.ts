import type { Violation } from '../../../shared/errors';
import { DEVICE_PROFILE_NOT_FOUND } from '../../../shared/schemas/device';
import { tableName } from '../data/client';
import { itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import type { TransactItem } from '../data/transaction';
import { isBuiltInDeviceProfileId } from '../devices/device-profiles';
import { unprocessable } from '../http/errors';
import { deviceProfileRepository, isTenantProfileId } from './device-profile-repository';

/** A device's `device_profiles` name built-ins or the tenant's own profiles (422 on the entry otherwise). */
export async function assertDeviceProfilesExist(ctx: TenantContext, ids: readonly number[] | undefined) {
  const found = await Promise.all(
    (ids ?? []).map(
      async (id) =>
        isBuiltInDeviceProfileId(id) ||
        (isTenantProfileId(id) && (await deviceProfileRepository.get(ctx, id)) !== undefined),
    ),
  );
  const violations: Violation[] = found.flatMap((ok, i) =>
    ok ? [] : [{ propertyPath: `device_profiles[${i}]`, message: DEVICE_PROFILE_NOT_FOUND }],
  );
  if (violations.length) throw unprocessable(violations);
}

const tenantIds = (ids: readonly number[] | undefined) => new Set((ids ?? []).filter(isTenantProfileId));

const countChange = (ctx: TenantContext, id: number, by: 1 | -1): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: itemKey(ctx, deviceProfileRepository.model.type, id),
    UpdateExpression: 'ADD deviceCount :n',
    // A profile deleted between the check and the write fails the device's transaction (409), never re-created.
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':n': by },
  },
});

/**
 * The profile counters a device write moves (in the device's transaction): +1 on each tenant profile it starts
 * naming, -1 on each it stops naming. Built-ins are not counted (they cannot be deleted).
 */
export function profileUsageWrites(
  ctx: TenantContext,
  before: readonly number[] | undefined,
  after: readonly number[] | undefined,
): TransactItem[] {
  const [was, is] = [tenantIds(before), tenantIds(after)];
  return [
    ...[...is].filter((id) => !was.has(id)).map((id) => countChange(ctx, id, 1)),
    ...[...was].filter((id) => !is.has(id)).map((id) => countChange(ctx, id, -1)),
  ];
}
