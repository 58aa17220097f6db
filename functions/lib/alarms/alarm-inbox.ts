import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type AlarmInboxFilter, alarmInboxFilterSchema } from '../../../shared/schemas/alarm-handling';
import { ALARM_INBOX_COUNT_LIMIT, type AlarmInboxEntry } from '../../../shared/schemas/alarm-inbox';
import { ACCESS_PATTERNS } from '../../../shared/table';
import type { AssetRecord } from '../assets/asset-repository';
import type { AssetViewer } from '../assets/asset-view';
import { batchGetByIds } from '../data/batch-get';
import { dynamo, tableName } from '../data/client';
import { type PageQuery, queryAllPages, queryPage } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { validate } from '../http/validation';
import { clientInboxPartition, staffInboxPartition } from './alarm-inbox-keys';
import { type SentAlarmRecord, sentAlarmsPartition, toApiAssetAlarm } from './sent-alarms';

/**
 * The alarm inbox (docs/data-model.md "Alarm inbox"): the unresolved alarms of the caller's scope, newest
 * first, from the sparse index entries every unresolved sent alarm carries: staff read the tenant's
 * partition (gsi1), a client user their customer's (gsi2). Never a scan; the total is a count query that
 * stops at ALARM_INBOX_COUNT_LIMIT. The state (open or acknowledged) and owner filters are filter
 * expressions over that partition: it holds only the work not done, so they read little beside what they keep.
 *
 * The customer partition is the asset's customer when the alarm was raised. An entry whose asset was deleted
 * since, or moved to another customer, is left out of the page and repaired on the spot (the keys removed or
 * moved), so a stale entry costs one read and then is gone
 * (docs/decisions/0255-the-alarm-inbox-sparse-index-entries-on-open-sent-alarms.md).
 */
export interface AlarmInboxPage {
  members: AlarmInboxEntry[];
  total: number;
  totalExact: boolean;
}

/** The inbox's filters as asked (422 on a malformed one); `me` is the caller. */
export interface InboxFilter {
  state: AlarmInboxFilter['state'];
  owner: number | 'none' | undefined;
}

export function readInboxFilter(params: URLSearchParams, userId: number): InboxFilter {
  const { state, owner } = validate(alarmInboxFilterSchema, {
    state: params.get('state') || undefined,
    owner: params.get('owner') || undefined,
  });
  return { state, owner: owner === 'me' ? userId : owner === 'none' || owner === undefined ? owner : Number(owner) };
}

/** An alarm acknowledged before handling existed has no `state`: `acknowledgedAt` says it either way. */
function filterOf(filter: InboxFilter) {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (filter.state === 'open') {
    parts.push('(attribute_not_exists(acknowledgedAt) OR attribute_type(acknowledgedAt, :null))');
    values[':null'] = 'NULL';
  } else if (filter.state === 'acknowledged') {
    parts.push('attribute_type(acknowledgedAt, :string)');
    values[':string'] = 'S';
  }
  if (filter.owner === 'none') {
    parts.push('attribute_not_exists(#owner)');
    names['#owner'] = 'owner';
  } else if (typeof filter.owner === 'number') {
    parts.push('#owner.id = :owner');
    names['#owner'] = 'owner';
    values[':owner'] = filter.owner;
  }
  return parts.length === 0
    ? { values }
    : {
        FilterExpression: parts.join(' AND '),
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        values,
      };
}

const inboxQuery = (ctx: TenantContext, viewer: AssetViewer, filter: InboxFilter): PageQuery | null => {
  if (viewer.kind === 'client' && viewer.clientId === null) return null;
  const [index, partition] =
    viewer.kind === 'staff'
      ? [ACCESS_PATTERNS.staffAlarmInbox, staffInboxPartition(ctx)]
      : [ACCESS_PATTERNS.clientAlarmInbox, clientInboxPartition(ctx, viewer.clientId as number)];
  const { values, ...filtered } = filterOf(filter);
  return {
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': partition, ...values },
    ScanIndexForward: false,
    ...filtered,
  };
};

export async function listAlarmInbox(
  ctx: TenantContext,
  viewer: AssetViewer,
  page: number,
  itemsPerPage: number,
  filter: InboxFilter = { state: undefined, owner: undefined },
): Promise<AlarmInboxPage> {
  const query = inboxQuery(ctx, viewer, filter);
  if (!query) return { members: [], total: 0, totalExact: true };
  const [{ items }, count] = await Promise.all([queryPage(query, page, itemsPerPage), countUpTo(query)]);
  const records = items.map((item) => ({ item, record: fromItem<SentAlarmRecord>(item) }));
  const assetIds = [...new Set(records.flatMap(({ record }) => (record.assetId === null ? [] : [record.assetId])))];
  const assets = new Map(
    (await batchGetByIds(ctx, 'ASSET', assetIds, { attributes: ['id', 'name', 'client'] })).map((item) => {
      const asset = fromItem<Pick<AssetRecord, 'id' | 'name' | 'client'>>(item);
      return [asset.id, asset] as const;
    }),
  );
  const members: AlarmInboxEntry[] = [];
  let stale = 0;
  for (const { item, record } of records) {
    const asset = record.assetId === null ? null : assets.get(record.assetId);
    if (asset === undefined || !(await keepOrRepair(ctx, viewer, item, asset))) {
      stale++;
      continue;
    }
    members.push({ ...toApiAssetAlarm(item), assetName: asset?.name ?? null });
  }
  return {
    members,
    total: Math.max(0, count.total - stale),
    totalExact: count.exact,
  };
}

/**
 * Whether the entry belongs in this viewer's inbox now; when its asset's customer changed since the alarm
 * was raised, moves (or removes) its customer key, whoever reads it. `asset` undefined: deleted.
 */
async function keepOrRepair(
  ctx: TenantContext,
  viewer: AssetViewer,
  item: Record<string, unknown>,
  asset: Pick<AssetRecord, 'client'> | null | undefined,
): Promise<boolean> {
  if (asset === undefined) {
    await repairKeys(item, 'REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk', {});
    return false;
  }
  if (asset === null) return viewer.kind === 'staff';
  const clientId = asset.client?.id ?? null;
  const expected = clientId === null ? undefined : clientInboxPartition(ctx, clientId);
  if (item.gsi2pk !== expected) {
    await (expected === undefined
      ? repairKeys(item, 'REMOVE gsi2pk, gsi2sk', {})
      : repairKeys(item, 'SET gsi2pk = :client, gsi2sk = :sk', { ':client': expected, ':sk': item.gsi1sk }));
  }
  return viewer.kind === 'staff' || clientId === viewer.clientId;
}

/** Only while the alarm is still unresolved: a resolution meanwhile removed the keys itself. */
async function repairKeys(item: Record<string, unknown>, update: string, values: Record<string, unknown>) {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(gsi1pk)',
        ExpressionAttributeValues: Object.keys(values).length > 0 ? values : undefined,
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** The number of entries, reading no further than the limit (a COUNT query reads only keys it counts). */
async function countUpTo(query: PageQuery): Promise<{ total: number; exact: boolean }> {
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await dynamo().send(
      new QueryCommand({
        ...query,
        Select: 'COUNT',
        Limit: ALARM_INBOX_COUNT_LIMIT - total,
        ExclusiveStartKey: startKey,
      }),
    );
    total += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey && total < ALARM_INBOX_COUNT_LIMIT);
  return { total, exact: !startKey };
}

/**
 * After an asset's customer changed (or the asset was deleted: `null` with `deleted`), moves the customer key
 * of its open alarms, so the new customer's inbox holds them at once and the old one's no longer. Reads the
 * asset's alarm partition (tens to hundreds of items, the open ones filtered). A failure here leaves entries
 * the inbox's read repairs (keepOrRepair).
 */
export async function moveOpenAlarmsOfAsset(
  ctx: TenantContext,
  assetId: number,
  change: { clientId: number | null } | 'deleted',
): Promise<void> {
  const pages = queryAllPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'attribute_exists(gsi1pk)',
    ExpressionAttributeValues: { ':pk': sentAlarmsPartition(ctx, { assetId, deviceId: 0 }) },
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      if (change === 'deleted') await repairKeys(item, 'REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk', {});
      else if (change.clientId === null) await repairKeys(item, 'REMOVE gsi2pk, gsi2sk', {});
      else {
        const values = { ':client': clientInboxPartition(ctx, change.clientId), ':sk': item.gsi1sk };
        await repairKeys(item, 'SET gsi2pk = :client, gsi2sk = :sk', values);
      }
    }
  }
}
