import { assetAddressOf } from '../../../shared/address';
import type { Asset } from '../../../shared/schemas/asset';
import { type AssetColumnId, assetExportColumnIds } from './asset-export-column-ids';
import type { AssetExportTexts } from './asset-export-texts';
import { labelColumns } from './build-export-run';
import type { CellValue, ExportColumn } from './export-table';
import { formatDay, joinParts } from './export-values';

/**
 * The asset list's columns (web/src/assets/assetColumns.tsx) as export cells: same ids, same values, without
 * the markup. Values are read from the asset as presented to the viewer (asset-view.ts), so a field hidden
 * from a client user is absent here and cannot reach a file even through a column that reads it.
 */

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
  'last-communication': { width: 17, value: (a, c) => c.dateTime(a.lastCommunication) },
  reference: { width: 14, value: (a) => a.reference ?? '' },
  scheduled: { width: 12, value: (a) => formatDay(a.scheduled) },
  'geo-zone': { width: 14, value: (a) => a.geo_zone?.name ?? '' },
  'days-outside-geo-zone': { width: 10, value: (a) => a.days_outside_geo_zone ?? null },
  client: { width: 18, value: (a) => a.client?.company ?? '' },
  'battery-status': { width: 9, value: batteryCell },
  status: { width: 10, value: (a, c) => (a.status ? (c.texts.status[a.status.status] ?? a.status.status) : '') },
};

/** The export's columns (asset-export-column-ids.ts) with their headers: the tenant's renamed one, else the translated one. */
export function labelAssetColumns(
  ids: readonly AssetColumnId[],
  renamed: Readonly<Record<string, string>>,
  texts: AssetExportTexts,
): ExportColumn[] {
  return labelColumns(
    ids,
    (id) => renamed[id]?.trim() || texts.columns[id] || id,
    (id) => ASSET_COLUMN_DEFS[id].width,
  );
}

/** The columns to export (assetExportColumnIds), labelled. */
export const assetExportColumns = (options: {
  requested: readonly AssetColumnId[] | undefined;
  isClient: boolean;
  hiddenByTenant: readonly string[];
  renamed: Readonly<Record<string, string>>;
  texts: AssetExportTexts;
}): ExportColumn[] => labelAssetColumns(assetExportColumnIds(options), options.renamed, options.texts);

/** One row: the cells of the given columns for one (already presented) asset. */
export function assetRow(asset: ExportAsset, columns: readonly ExportColumn[], context: AssetCellContext) {
  return columns.map((column) => ASSET_COLUMN_DEFS[column.id as AssetColumnId].value(asset, context));
}
