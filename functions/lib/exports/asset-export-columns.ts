import { assetAddressOf } from '../../../shared/address';
import type { Asset } from '../../../shared/schemas/asset';
import { ASSET_TABLE_COLUMNS } from '../../../shared/schemas/settings';
import type { AssetExportTexts } from './asset-export-texts';
import type { CellValue, ExportColumn } from './export-table';
import { formatDay, joinParts } from './export-values';

/**
 * The asset list's columns (web/src/assets/assetColumns.tsx) as export cells: same ids, same values, without
 * the markup. Values are read from the asset as presented to the viewer (asset-view.ts), so a field hidden
 * from a client user is absent here and cannot reach a file even through a column that reads it.
 */
export type AssetColumnId = (typeof ASSET_TABLE_COLUMNS)[number];

/**
 * An asset as the viewer may see it, plus the stored numeric cable length. The cable summary and device health
 * are read when the asset carries them (the list shows them), else the cells fall back to the length and the
 * device list.
 */
export type ExportAsset = Partial<Asset> & {
  cable_length?: number | null;
  cable_summary?: { cable: string | null; residual_length: number | null } | null;
  device_health?: { devices: number; sabotaged: boolean; battery_low: boolean };
};

/** What a row needs besides the asset: the words and the reader's date format. */
export interface AssetCellContext {
  texts: AssetExportTexts;
  dateTime: (value: string | null | undefined) => string;
}

interface AssetColumnDef {
  /** Spec 000 s.2: last communication, scheduled, geo zone, days outside and client are not for clients. */
  staffOnly?: boolean;
  width: number;
  value: (asset: ExportAsset, context: AssetCellContext) => CellValue;
}

/**
 * The profile names with the cable description and residual length (spec 000 s.2) on one line, as the list
 * shows them on two: "Cable reel · Installation cable · Residual length: 585 m". Without a summary, the cable
 * length: "Cable reel (250 m)".
 */
function profileCell(asset: ExportAsset, { texts }: AssetCellContext): string {
  const names = (asset.asset_profile_definitions ?? []).map((d) => d.name).join(', ');
  const summary = asset.cable_summary;
  if (!summary) return asset.cable_length == null ? names : `${names} (${asset.cable_length} m)`;
  const residual = summary.residual_length === null ? null : `${texts.residualLength}: ${summary.residual_length} m`;
  return [names, summary.cable, residual].filter(Boolean).join(' · ');
}

/** Device count, sabotage and low battery: from the device health when present, else from the device list. */
function healthOf(asset: ExportAsset) {
  if (asset.device_health) return asset.device_health;
  // Client users get no device list (and then no health either): nothing to say.
  if (!asset.devices) return undefined;
  return {
    devices: asset.devices.length,
    sabotaged: asset.devices.some((d) => d.is_sabotaged),
    battery_low: asset.devices.some((d) => d.battery_level_low),
  };
}

function batteryCell(asset: ExportAsset, { texts }: AssetCellContext): string {
  const health = healthOf(asset);
  if (!health) return '';
  if (health.devices === 0) return texts.battery.none;
  return health.battery_low ? texts.battery.low : texts.battery.ok;
}

/** Sabotage shows as a marker in the list; in a file it is a word after the name. */
function assetCell(asset: ExportAsset, { texts }: AssetCellContext): string {
  return healthOf(asset)?.sabotaged ? `${asset.name ?? ''} (${texts.sabotaged})` : (asset.name ?? '');
}

const ASSET_COLUMN_DEFS: Readonly<Record<AssetColumnId, AssetColumnDef>> = {
  id: { width: 5, value: (a) => a.id ?? null },
  asset: { width: 20, value: assetCell },
  level: { width: 10, value: (a, c) => (a.map_level ? (c.texts.levels[a.map_level] ?? a.map_level) : '') },
  'asset-profile': { width: 20, value: profileCell },
  street: { width: 18, value: (a) => assetAddressOf(a).street ?? '' },
  'postal-code-city': {
    width: 20,
    value: (a) => joinParts(assetAddressOf(a).postalCode, assetAddressOf(a).city),
  },
  country: { width: 12, value: (a) => assetAddressOf(a).country ?? '' },
  'last-communication': { staffOnly: true, width: 17, value: (a, c) => c.dateTime(a.lastCommunication) },
  reference: { width: 14, value: (a) => a.reference ?? '' },
  scheduled: { staffOnly: true, width: 12, value: (a) => formatDay(a.scheduled) },
  'geo-zone': { staffOnly: true, width: 14, value: (a) => a.geo_zone?.name ?? '' },
  'days-outside-geo-zone': { staffOnly: true, width: 10, value: (a) => a.days_outside_geo_zone ?? null },
  client: { staffOnly: true, width: 18, value: (a) => a.client?.company ?? '' },
  'battery-status': { width: 9, value: batteryCell },
  status: { width: 10, value: (a, c) => (a.status ? (c.texts.status[a.status.status] ?? a.status.status) : '') },
};

export const ASSET_COLUMN_IDS = ASSET_TABLE_COLUMNS;

/** Columns a client user may not export (the ones the list hides from them). */
export const CLIENT_HIDDEN_COLUMNS: readonly AssetColumnId[] = ASSET_TABLE_COLUMNS.filter(
  (id) => ASSET_COLUMN_DEFS[id].staffOnly,
);

/**
 * The columns to export: the requested ones in their order, else what the list shows by default for this
 * viewer (all columns minus the tenant's hidden ones). Callers reject CLIENT_HIDDEN_COLUMNS for client users
 * before; this filter is the second line so that a default can never include them.
 */
export function assetExportColumns(options: {
  requested: readonly AssetColumnId[] | undefined;
  isClient: boolean;
  hiddenByTenant: readonly string[];
  renamed: Readonly<Record<string, string>>;
  texts: AssetExportTexts;
}): ExportColumn[] {
  const ids = options.requested ?? ASSET_TABLE_COLUMNS.filter((id) => !options.hiddenByTenant.includes(id));
  return ids
    .filter((id) => !(options.isClient && ASSET_COLUMN_DEFS[id].staffOnly))
    .map((id) => ({
      id,
      label: options.renamed[id]?.trim() || options.texts.columns[id] || id,
      width: ASSET_COLUMN_DEFS[id].width,
    }));
}

/** One row: the cells of the given columns for one (already presented) asset. */
export function assetRow(asset: ExportAsset, columns: readonly ExportColumn[], context: AssetCellContext) {
  return columns.map((column) => ASSET_COLUMN_DEFS[column.id as AssetColumnId].value(asset, context));
}
