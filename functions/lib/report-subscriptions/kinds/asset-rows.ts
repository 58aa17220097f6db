import type { Asset } from '../../../../shared/schemas/asset';
import { REPORT_ROW_LIMIT } from '../../../../shared/schemas/report-kinds';
import { PRODUCT_TIME_ZONE } from '../../../../shared/wall-clock';
import { assetListRequestOf } from '../../assets/asset-list-request';
import { listAssets } from '../../assets/asset-query';
import type { AssetRecord } from '../../assets/asset-repository';
import { assetViewerOf, presentAsset } from '../../assets/asset-view';
import type { ExportRow } from '../../exports/export-table';
import { dateTimeFormatter, formatDay, joinParts } from '../../exports/export-values';
import type { KindInput, Texts } from './kind-report';

/**
 * The rows of the reports made of the asset list: GET /api/assets's own request parsing and read plans
 * (asset-list-request.ts, asset-query.ts) with the owner as the viewer, one unpaged answer (pagination=false,
 * REPORT_ROW_LIMIT items): the same read the console's list makes, so the report cannot disagree with it. A
 * client owner's customer is forced by the request parsing; the kind's zones narrow the answer's rows.
 * Reads per subscription: the list's own bound (at most its read cap of index entries, then REPORT_ROW_LIMIT items).
 */
export const ASSET_COLUMNS = [
  { id: 'id', width: 8 },
  { id: 'asset', width: 24 },
  { id: 'reference', width: 16 },
  { id: 'customer', width: 20 },
  { id: 'scheduled', width: 12 },
  { id: 'zone', width: 18 },
  { id: 'daysOutside', width: 10 },
  { id: 'lastLocated', width: 16 },
  { id: 'place', width: 20 },
] as const;

export const ASSET_COLUMN_LABELS: Texts<Record<(typeof ASSET_COLUMNS)[number]['id'], string>> = {
  en: {
    id: 'ID',
    asset: 'Asset',
    reference: 'Reference',
    customer: 'Customer',
    scheduled: 'Scheduled',
    zone: 'Geo zone',
    daysOutside: 'Days outside geo zone',
    lastLocated: 'Last located',
    place: 'Place',
  },
  nl: {
    id: 'ID',
    asset: 'Asset',
    reference: 'Referentie',
    customer: 'Klant',
    scheduled: 'Gepland',
    zone: 'Geozone',
    daysOutside: 'Dagen buiten geozone',
    lastLocated: 'Laatst gelokaliseerd',
    place: 'Plaats',
  },
  de: {
    id: 'ID',
    asset: 'Asset',
    reference: 'Referenz',
    customer: 'Kunde',
    scheduled: 'Geplant',
    zone: 'Geozone',
    daysOutside: 'Tage außerhalb der Geozone',
    lastLocated: 'Zuletzt geortet',
    place: 'Ort',
  },
  fr: {
    id: 'ID',
    asset: 'Actif',
    reference: 'Référence',
    customer: 'Client',
    scheduled: 'Planifié',
    zone: 'Zone géographique',
    daysOutside: 'Jours hors zone',
    lastLocated: 'Dernière localisation',
    place: 'Lieu',
  },
};

/** One unpaged answer of the asset list for `query`, as the owner sees it. */
export async function assetListAnswer(input: KindInput, query: Record<string, string>) {
  const params = new URLSearchParams({ ...query, pagination: 'false' });
  if (input.subscription.client_id !== null) params.set('client', String(input.subscription.client_id));
  const viewer = await assetViewerOf(input.owner);
  const { request } = assetListRequestOf(params.toString(), viewer);
  const result = await listAssets(input.owner.tenant, { ...request, itemsPerPage: REPORT_ROW_LIMIT });
  const zones = input.options.zones?.length ? new Set(input.options.zones) : undefined;
  const inZones = (asset: AssetRecord) => !zones || (asset.geo_zone != null && zones.has(asset.geo_zone.id));
  return {
    assets: result.items.filter(inZones).map((asset) => presentAsset(viewer, asset) as Partial<Asset>),
    truncated: !result.totalExact || result.total > result.items.length,
    /** The list's last asset before the zones narrowed it: where a prefix of the list's order ended. */
    last: result.items.at(-1),
  };
}

export function assetRow(asset: Partial<Asset>): ExportRow {
  const at = dateTimeFormatter(PRODUCT_TIME_ZONE);
  return [
    asset.id ?? null,
    asset.name ?? null,
    asset.reference ?? null,
    asset.client ? (asset.client.company ?? `#${asset.client.id}`) : null,
    formatDay(asset.scheduled),
    asset.geo_zone?.name ?? null,
    asset.days_outside_geo_zone ?? null,
    at(asset.lastLocationUpdate),
    joinParts(asset.postalCode, asset.city),
  ];
}
