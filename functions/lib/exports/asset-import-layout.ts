import { ASSET_IMPORT_COLUMNS, type AssetImportColumn } from '../../../shared/schemas/asset-import';
import type { AssetRecord } from '../assets/asset-repository';
import type { CellValue, ExportColumn } from './export-table';

/**
 * The asset export's import layout (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md):
 * stable headers (the column ids, in no language, never renamed by the tenant) and values that the import reads
 * back as they are: ids and version as numbers, the scheduled day as YYYY-MM-DD, the status as its code,
 * references as id and name, lists joined by `;`.
 */
const WIDTHS: Partial<Record<AssetImportColumn, number>> = { name: 24, description: 30, client: 20, geo_zone: 16 };

export const importLayoutColumns = (): ExportColumn[] =>
  ASSET_IMPORT_COLUMNS.map((id) => ({ id, label: id, width: WIDTHS[id] ?? 12 }));

const CELLS: Record<AssetImportColumn, (asset: AssetRecord) => CellValue> = {
  id: (a) => a.id,
  version: (a) => a.version,
  name: (a) => a.name,
  reference: (a) => a.reference ?? '',
  description: (a) => a.description ?? '',
  scheduled: (a) => a.scheduled?.slice(0, 10) ?? '',
  status: (a) => a.status?.status ?? '',
  client_id: (a) => a.client?.id ?? null,
  client: (a) => a.client?.company ?? '',
  geo_zone_id: (a) => a.geo_zone?.id ?? null,
  geo_zone: (a) => a.geo_zone?.name ?? '',
  asset_profile_ids: (a) => (a.asset_profile_definitions ?? []).map((d) => d.id).join(';'),
  asset_profiles: (a) => (a.asset_profile_definitions ?? []).map((d) => d.name).join(';'),
};

export const importLayoutRow = (asset: AssetRecord): CellValue[] => ASSET_IMPORT_COLUMNS.map((id) => CELLS[id](asset));
