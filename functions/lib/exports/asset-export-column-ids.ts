import { ASSET_TABLE_COLUMNS } from '../../../shared/schemas/settings';

/**
 * Which of the asset list's columns an export has, by id: what a request is checked against before any row is
 * built (the headers and cells are asset-export-columns.ts, the export worker's).
 */
export const ASSET_COLUMN_IDS = ASSET_TABLE_COLUMNS;
export type AssetColumnId = (typeof ASSET_TABLE_COLUMNS)[number];

/** Spec 000 s.2: last communication, scheduled, geo zone, days outside and client are not for clients. */
const STAFF_ONLY: ReadonlySet<AssetColumnId> = new Set([
  'last-communication',
  'scheduled',
  'geo-zone',
  'days-outside-geo-zone',
  'client',
]);

/** Columns a client user may not export (the ones the list hides from them), in list order. */
export const CLIENT_HIDDEN_COLUMNS: readonly AssetColumnId[] = ASSET_TABLE_COLUMNS.filter((id) => STAFF_ONLY.has(id));

/**
 * The columns to export: the requested ones in their order, else what the list shows by default for this
 * viewer (all columns minus the tenant's hidden ones). Callers reject CLIENT_HIDDEN_COLUMNS for client users
 * before; this filter is the second line so that a default can never include them.
 */
export function assetExportColumnIds(options: {
  requested: readonly AssetColumnId[] | undefined;
  isClient: boolean;
  hiddenByTenant: readonly string[];
}): AssetColumnId[] {
  const ids = options.requested ?? ASSET_TABLE_COLUMNS.filter((id) => !options.hiddenByTenant.includes(id));
  return ids.filter((id) => !(options.isClient && STAFF_ONLY.has(id)));
}
