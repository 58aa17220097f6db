import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  SHARE_LINK_MAX_ASSETS,
  SHARE_LINK_MAX_FIXES,
  type SharedAsset,
  type SharedPosition,
  type SharedView,
} from '../../../shared/schemas/share-link';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { type AssetRecord, assetRepository, clientAssetsPartition, hasPosition } from '../assets/asset-repository';
import { tenantFromHost } from '../auth/tenant-host';
import { dynamo, tableName } from '../data/client';
import { hydratePage, tableKeyOf } from '../data/hydrate';
import { fromItem } from '../data/repository';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { eventToKey } from '../events/event-days';
import { assetTrackPartition, eventBoundKey } from '../events/event-repository';
import { notFound } from '../http/errors';
import {
  countShareLinkUse,
  findShareLinkLookup,
  type ShareLinkRecord,
  shareLinkRepository,
  shareTokenHash,
  stateOf,
} from './share-link-repository';

/**
 * GET /api/shared/{token}: what one share link shows to someone without an account. Every refusal is the same
 * 404 (unknown, tampered, expired, revoked, another tenant's host), so an answer tells a guesser nothing. The
 * tenant comes from the link's lookup, never from the request; a host (or X-Tenant-Id) naming another tenant
 * refuses the link rather than switching tenants.
 */
export async function sharedViewOf(
  token: string,
  request: { host?: string; tenantHeader?: string },
): Promise<SharedView> {
  const lookup = await findShareLinkLookup(shareTokenHash(token));
  if (!lookup || Date.parse(lookup.linkExpiresAt) <= Date.now()) throw notFound();
  const hostTenant = await tenantFromHost(request.host);
  if (hostTenant !== undefined && hostTenant !== lookup.tenantId) throw notFound();
  if (request.tenantHeader !== undefined && request.tenantHeader !== lookup.tenantId) throw notFound();
  // The tenant travels with the link's lookup: a platform read, as the uplinks' DEVEUI claims are.
  const ctx = systemTenantContext(lookup.tenantId);
  const link = await shareLinkRepository.get(ctx, lookup.linkId);
  if (!link || stateOf(link) !== 'live') throw notFound();
  // The count is the staff's statistic: a failed one is logged and never fails the read.
  await countShareLinkUse(ctx, link).catch((error: unknown) =>
    console.warn(JSON.stringify({ note: 'Share link use not counted', error: String(error) })),
  );
  return {
    kind: link.kind,
    language: link.language,
    expires_at: link.expires_at,
    history: link.history,
    assets: await sharedAssetsOf(ctx, link),
  };
}

const positionOf = (event: AssetRecord['last_event']): SharedPosition | null =>
  event && hasPosition(event)
    ? {
        latitude: Number(event.latitude),
        longitude: Number(event.longitude),
        radius: event.radius ?? null,
        date: event.date,
      }
    : null;

/** Only the name, reference and position: no ids, customer, zone, device or address leave the tenant. */
const sharedAssetOf = (asset: AssetRecord): SharedAsset => ({
  name: asset.name ?? null,
  reference: asset.reference ?? null,
  position: positionOf(asset.last_event),
});

async function sharedAssetsOf(ctx: TenantContext, link: ShareLinkRecord): Promise<SharedAsset[]> {
  if (link.kind === 'asset' && link.asset) {
    const asset = await assetRepository.get(ctx, link.asset.id);
    if (!asset) return [];
    const shared = sharedAssetOf(asset);
    return [link.history ? { ...shared, track: await trackOf(ctx, asset.id, link.history) } : shared];
  }
  if (link.kind === 'customer' && link.client) return customerAssetsOf(ctx, link.client.id);
  return [];
}

/** The customer's first assets in id order (gsi14, keys only, then the items by key). */
async function customerAssetsOf(ctx: TenantContext, clientId: number): Promise<SharedAsset[]> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: ACCESS_PATTERNS.clientAssetsById,
      KeyConditionExpression: 'gsi14pk = :pk',
      ExpressionAttributeValues: { ':pk': clientAssetsPartition(ctx, clientId) },
      Limit: SHARE_LINK_MAX_ASSETS,
    }),
  );
  const items = await hydratePage(ctx, (page.Items ?? []).map(tableKeyOf));
  return (
    items
      .map((item) => fromItem<AssetRecord>(item))
      // The index names the customer already; the item says it again, so a stale index entry shows nothing.
      .filter((asset) => asset.client?.id === clientId)
      .map(sharedAssetOf)
  );
}

/** The asset's fixes of the period (gsi2 eventsOfAssetByDate), the newest SHARE_LINK_MAX_FIXES, oldest first. */
async function trackOf(
  ctx: TenantContext,
  assetId: number,
  period: { from: string; to: string },
): Promise<SharedPosition[]> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: ACCESS_PATTERNS.eventsOfAssetByDate,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': assetTrackPartition(ctx, assetId),
        ':from': `EV#${eventBoundKey(period.from)}`,
        ':to': `EV#${eventToKey(period.to)}~`,
      },
      ProjectionExpression: 'latitude, longitude, radius, #date',
      ExpressionAttributeNames: { '#date': 'date' },
      ScanIndexForward: false,
      Limit: SHARE_LINK_MAX_FIXES,
    }),
  );
  return (page.Items ?? [])
    .flatMap((item) => {
      const fix = positionOf(item as AssetRecord['last_event']);
      return fix ? [fix] : [];
    })
    .reverse();
}
