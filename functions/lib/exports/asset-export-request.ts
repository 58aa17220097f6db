import { assetExportLayoutQuerySchema, IMPORT_LAYOUT_NOT_AVAILABLE } from '../../../shared/schemas/asset-import';
import { buildExportQuerySchema, COLUMN_NOT_AVAILABLE, NO_COLUMNS } from '../../../shared/schemas/export';
import {
  assetTableColumnNamesDataSchema,
  assetTableHiddenColumnsDataSchema,
  SETTING_NAMES,
} from '../../../shared/schemas/settings';
import { assetListRequestOf } from '../assets/asset-list-request';
import { hasFilters } from '../assets/asset-query';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { streamAssets } from '../assets/asset-stream';
import { type AssetViewer, assetViewerOf } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';
import { listSettings } from '../settings/setting-repository';
import {
  ASSET_COLUMN_IDS,
  type AssetColumnId,
  assetExportColumnIds,
  CLIENT_HIDDEN_COLUMNS,
} from './asset-export-column-ids';
import { type CheckedExport, type ExportFileOptions, exportFileOf, splitExportQuery } from './export-request';

/**
 * GET /api/assets/export/ (spec 000): the asset list as the caller sees it (same filters, same order, same
 * role view) written as PDF, Excel or CSV. Columns are ids validated here (422s come from here); the rows are
 * asset-export.ts's, the export worker's.
 */
export const assetExportQuerySchema = buildExportQuerySchema(ASSET_COLUMN_IDS).extend(
  assetExportLayoutQuerySchema.shape,
);

export interface CheckedAssetExport extends CheckedExport {
  type: ExportFileOptions['type'];
  file: ExportFileOptions;
  viewer: AssetViewer;
  /** The import's own file (asset-import-layout.ts) rather than the list's columns. */
  importLayout: boolean;
  columnIds: AssetColumnId[];
  /** The tenant's renamed headers (asset-table-column-names), exactly as the list shows them. */
  renamed: Readonly<Record<string, string>>;
  items: AsyncIterable<AssetRecord[]>;
}

/** A client user asking for a column the list hides from them gets 422, never the column. */
function refuseHiddenColumns(viewer: AssetViewer, columns: readonly string[] | undefined) {
  if (viewer.kind !== 'client' || !columns) return;
  const refused = columns.filter((id) => (CLIENT_HIDDEN_COLUMNS as readonly string[]).includes(id));
  if (refused.length > 0) {
    throw unprocessable(refused.map((id) => ({ propertyPath: 'columns', message: `${COLUMN_NOT_AVAILABLE}: ${id}` })));
  }
}

/** The tenant's table settings: hidden columns (the default selection) and renamed headers. */
async function tableSettings(ctx: TenantContext) {
  const settings = await listSettings(ctx);
  const data = (name: string) => settings.find((setting) => setting.name === name)?.data;
  const hidden = assetTableHiddenColumnsDataSchema.safeParse(data(SETTING_NAMES.assetTableHiddenColumns));
  const renamed = assetTableColumnNamesDataSchema.safeParse(data(SETTING_NAMES.assetTableColumnNames));
  return { hidden: hidden.success ? hidden.data : [], renamed: renamed.success ? renamed.data : {} };
}

/** Nothing is read from the list until the items are: the API looks for a first one, the worker writes them. */
export async function checkAssetExport(
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage: string | undefined,
): Promise<CheckedAssetExport> {
  const { query, listQuery } = splitExportQuery(rawQuery, assetExportQuerySchema);
  const viewer = await assetViewerOf(auth);
  refuseHiddenColumns(viewer, query.columns);
  const { request } = assetListRequestOf(listQuery, viewer);
  const settings = await tableSettings(auth.tenant);
  const importLayout = query.layout === 'import';
  // The import layout is the import's file: staff only, as the import is (client users see fewer fields).
  if (importLayout && viewer.kind === 'client')
    throw unprocessable([{ propertyPath: 'layout', message: IMPORT_LAYOUT_NOT_AVAILABLE }]);
  const columnIds = importLayout
    ? []
    : assetExportColumnIds({
        requested: query.columns,
        isClient: viewer.kind === 'client',
        hiddenByTenant: settings.hidden,
      });
  if (!importLayout && columnIds.length === 0) throw unprocessable([{ propertyPath: 'columns', message: NO_COLUMNS }]);
  return {
    type: query.type,
    file: exportFileOf(query, acceptLanguage, 'UTC'),
    viewer,
    importLayout,
    columnIds,
    renamed: settings.renamed,
    items: streamAssets(auth.tenant, request.filters, request.order),
    ...(hasFilters(request.filters) ? {} : { expectedRows: () => assetRepository.count(auth.tenant) }),
  };
}
