import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { assetPartition } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { pad, tenantPrefix } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { listAllGeoZones } from '../geo-zones/geo-zone-repository';
import type { ZonePresence } from '../pipeline/geofence/zone-presence';
import { addSums, assetMonthSums, NO_SUMS, type UtilisationSums } from './utilisation-days';
import { visitsForMonth } from './utilisation-visits';

/**
 * The monthly rollup (docs/decisions/0315-utilisation-from-zone-visits-rolled-up-per-month-and-customer.md): one
 * item per tenant, month and customer, `T#<t>#UTILISATION` / `<YYYY-MM>#<client id padded, 0 for none>`, holding
 * the customer's sums and its sums per asset profile. The nightly loan-day job rewrites the month of the day
 * that ended, so the API reads at most 12 × (customers + 1) small items and never a visit.
 */
export interface ProfileSums {
  /** 0: assets without a profile. */
  id: number;
  name: string;
  sums: UtilisationSums;
}

export interface UtilisationRollupItem {
  month: string;
  through: string;
  /** 0: assets without a customer. */
  clientId: number;
  company: string | null;
  all: UtilisationSums;
  profiles: ProfileSums[];
}

export const utilisationPartition = (ctx: TenantContext) => `${tenantPrefix(ctx)}UTILISATION`;
export const utilisationSortKey = (month: string, clientId: number) => `${month}#${pad(clientId)}`;

/** The assets a page of the rollup judges at once, as the loan-day job counts them. */
const PARALLEL = 10;

interface RolledAsset {
  id: number;
  devices?: unknown[];
  createdAt?: string;
  client?: { id: number; company: string | null } | null;
  asset_profile_definitions?: { id: number; name: string }[];
  zone_presence?: ZonePresence;
}

/** Depots: the zones that are the own zone (geo zone) of at least one asset; every other zone is a site. */
export async function depotZones(ctx: TenantContext): Promise<Set<number>> {
  const zones = await listAllGeoZones(ctx);
  return new Set(zones.filter((zone) => (zone.assetCount ?? 0) > 0).map((zone) => zone.id));
}

function addTo(
  groups: Map<number, UtilisationRollupItem>,
  asset: RolledAsset,
  sums: UtilisationSums,
  base: {
    month: string;
    through: string;
  },
) {
  const clientId = asset.client?.id ?? 0;
  const group = groups.get(clientId) ?? {
    ...base,
    clientId,
    company: asset.client?.company ?? null,
    all: NO_SUMS,
    profiles: [],
  };
  group.all = addSums(group.all, sums);
  const profiles = asset.asset_profile_definitions?.length ? asset.asset_profile_definitions : [{ id: 0, name: '' }];
  for (const profile of profiles) {
    const entry = group.profiles.find((p) => p.id === profile.id);
    if (entry) entry.sums = addSums(entry.sums, sums);
    else group.profiles.push({ id: profile.id, name: profile.name, sums });
  }
  groups.set(clientId, group);
}

/**
 * Rolls up `day`'s month (YYYY-MM-DD, Amsterdam) for one tenant: every asset's figures up to and including
 * `day`, summed per customer and profile, written over the month's items (a customer left without assets loses
 * its item). Reads the asset partition once and each asset's visits of the month (utilisation-visits.ts).
 */
export async function rollUpUtilisation(ctx: TenantContext, day: string): Promise<{ assets: number; items: number }> {
  const month = day.slice(0, 7);
  const depots = await depotZones(ctx);
  const groups = new Map<number, UtilisationRollupItem>();
  let assets = 0;
  const query = {
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': assetPartition(ctx) },
    Limit: 100,
  };
  for await (const page of queryAllPages(query)) {
    const rolled = (page.Items ?? []).filter((item) => Array.isArray(item.devices)).map(fromItem<RolledAsset>);
    for (let start = 0; start < rolled.length; start += PARALLEL) {
      const slice = rolled.slice(start, start + PARALLEL);
      const figures = await Promise.all(
        slice.map(async (asset) => {
          const visits = await visitsForMonth(ctx, asset, depots, month);
          return assetMonthSums({ visits, createdAt: asset.createdAt }, depots, month, day);
        }),
      );
      slice.forEach((asset, i) => {
        const sums = figures[i] as UtilisationSums;
        if (sums.daysOwned > 0) addTo(groups, asset, sums, { month, through: day });
      });
      assets += slice.length;
    }
  }
  await writeUtilisationMonth(ctx, month, [...groups.values()]);
  return { assets, items: groups.size };
}

/** Writes a month's items over what the month held (a customer not among them loses its item). */
export async function writeUtilisationMonth(ctx: TenantContext, month: string, items: UtilisationRollupItem[]) {
  const existing = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :month)',
      ExpressionAttributeValues: { ':pk': utilisationPartition(ctx), ':month': `${month}#` },
      ProjectionExpression: 'sk',
    }),
  );
  const kept = new Set(items.map((item) => utilisationSortKey(month, item.clientId)));
  const pk = utilisationPartition(ctx);
  for (const item of items) {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk,
          sk: utilisationSortKey(month, item.clientId),
          entityType: 'UTILISATION',
          tenantId: ctx.tenantId,
          ...item,
        },
      }),
    );
  }
  for (const old of existing.Items ?? []) {
    if (!kept.has(String(old.sk))) {
      await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk: old.sk } }));
    }
  }
}
