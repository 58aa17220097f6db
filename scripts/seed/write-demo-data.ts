import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { alarmRepository } from '../../functions/lib/alarms/alarm-repository';
import {
  assetProfileDefinitionRepository,
  assetProfileRepository,
} from '../../functions/lib/asset-profiles/asset-profile-repository';
import { assetRepository } from '../../functions/lib/assets/asset-repository';
import { assetStatusRepository } from '../../functions/lib/assets/asset-status';
import { assetsPerCustomer, clientAssetCounterItems } from '../../functions/lib/assets/client-asset-count';
import { clientRepository } from '../../functions/lib/clients/client-repository';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { counterKey } from '../../functions/lib/data/keys';
import type { Repository, Stored } from '../../functions/lib/data/repository';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { devEuiClaimItem } from '../../functions/lib/devices/dev-eui-claims';
import { countFlags, setDeviceFlagCounts } from '../../functions/lib/devices/device-flag-counts';
import { deviceRepository } from '../../functions/lib/devices/device-repository';
import { batchPutEvents, reserveEventIds } from '../../functions/lib/events/event-repository';
import { geoZoneLinkItems, withAssetCounts } from '../../functions/lib/geo-zones/geo-zone-asset-links';
import { geoZoneRepository } from '../../functions/lib/geo-zones/geo-zone-repository';
import { assetSearchText, deviceSearchText, searchTexts } from '../../functions/lib/search/entity-texts';
import { postingItems } from '../../functions/lib/search/gram-index';
import { batchPut } from './batch-write';
import type { DemoDataset } from './demo-data';
import { seededVisits } from './visit-seed';

/**
 * Writes a generated dataset into a fresh tenant. Items are built by their repositories (repository.toItem:
 * the same keys and index keys as create()), but written with BatchWriteItem rather than one transaction per
 * item, and each type's counter (lastId, itemCount) is set once: about 3x faster on the local store.
 */

const CONCURRENCY = 8;

/**
 * Sets the type's counter as create() would have left it, so ids allocated later by the API follow the
 * generated ones and count() is right. The dataset numbers from 1, which is only right in a tenant that has
 * none of the type yet: anything else stops the seed instead of overwriting.
 */
async function setCounter(ctx: TenantContext, type: string, lastId: number, itemCount: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counterKey(ctx, type),
        UpdateExpression: 'SET lastId = :lastId, itemCount = :count',
        ConditionExpression: 'attribute_not_exists(lastId) AND attribute_not_exists(itemCount)',
        ExpressionAttributeValues: { ':lastId': lastId, ':count': itemCount },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new Error(`Tenant ${ctx.tenantId} already has ${type} items; demo data goes into fresh tenants only`);
    }
    throw error;
  }
}

async function createAll<T extends Stored>(ctx: TenantContext, repository: Repository<T>, records: readonly T[]) {
  if (records.length === 0) return;
  await setCounter(ctx, repository.model.type, Math.max(...records.map((r) => r.id)), records.length);
  await batchPut(
    records.map((record) => repository.toItem(ctx, record)),
    CONCURRENCY,
  );
}

export async function writeDemoData(ctx: TenantContext, data: DemoDataset): Promise<void> {
  await createAll(ctx, assetStatusRepository, data.statuses);
  await createAll(ctx, clientRepository, data.clients);
  await createAll(ctx, assetProfileDefinitionRepository, data.definitions);
  // Each zone counts the assets that name it, as the API's asset writes keep it (geo-zone-asset-links.ts).
  await createAll(ctx, geoZoneRepository, withAssetCounts(data.zones, data.assets));
  await createAll(ctx, alarmRepository, data.alarms);
  // The zone visits the seeded events make (and the assets' presence and site, set on the records).
  const visits = seededVisits(ctx, data);
  await createAll(ctx, assetRepository, data.assets);
  // Each customer's asset count (client-asset-count.ts), which the API's asset writes keep in their transactions.
  await batchPut(clientAssetCounterItems(ctx, assetsPerCustomer(data.assets)), CONCURRENCY);
  await batchPut(visits, CONCURRENCY);
  // The search index (search/gram-index.ts) that the API's asset and device writes keep in their transactions.
  await batchPut(postingItems(ctx, 'ASSET', searchTexts(data.assets, assetSearchText)), CONCURRENCY);
  await batchPut(postingItems(ctx, 'DEVICE', searchTexts(data.devices, deviceSearchText)), CONCURRENCY);
  await batchPut(geoZoneLinkItems(ctx, data.assets), CONCURRENCY);
  await createAll(ctx, deviceRepository, data.devices);
  // The device list's flag counts (device-flag-counts.ts), as the API's device writes keep them.
  if (data.devices.length > 0) await setDeviceFlagCounts(ctx, countFlags(data.devices));
  // Each DEVEUI's platform-wide claim, which device writes keep in their transactions (dev-eui-claims.ts).
  await batchPut(
    data.devices.map((device) => devEuiClaimItem(ctx, device)),
    CONCURRENCY,
  );
  await createAll(ctx, assetProfileRepository, data.profiles);
  if (data.events.length > 0) {
    const first = await reserveEventIds(ctx, Math.max(...data.events.map((e) => e.id)));
    if (first !== 1)
      throw new Error(`Tenant ${ctx.tenantId} already has events; demo data goes into fresh tenants only`);
    await batchPutEvents(ctx, data.events, CONCURRENCY);
  }
}
