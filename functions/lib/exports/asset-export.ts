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
import { type AssetViewer, assetViewerOf, presentAsset } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';
import { mailLanguage } from '../mail/mail-language';
import { listSettings } from '../settings/setting-repository';
import { ASSET_COLUMN_IDS, assetExportColumns, assetRow, CLIENT_HIDDEN_COLUMNS } from './asset-export-columns';
import { assetExportTexts } from './asset-export-texts';
import { importLayoutColumns, importLayoutRow } from './asset-import-layout';
import { splitExportQuery } from './export-request';
import { dateTimeFormatter, dayIn } from './export-values';
import type { ExportRun } from './run-export';

/**
 * GET /api/assets/export/ (spec 000): the asset list as the caller sees it (same filters, same order, same
 * role view) written as PDF, Excel or CSV. Columns are ids validated here; their headers are translated on
 * the server in the reader's language (`language`, else Accept-Language) and renamed by the tenant's
 * asset-table-column-names setting, exactly as the list shows them.
 */
export const assetExportQuerySchema = buildExportQuerySchema(ASSET_COLUMN_IDS).extend(
  assetExportLayoutQuerySchema.shape,
);

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

/**
 * Validates the export request (422s come from here) and describes the run: sheet, columns and the lazy
 * stream of the list. Nothing is read from the list until the run is written.
 */
export async function prepareAssetExport(
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage: string | undefined,
): Promise<ExportRun<AssetRecord>> {
  const { query, listQuery } = splitExportQuery(rawQuery, assetExportQuerySchema);
  const viewer = await assetViewerOf(auth);
  refuseHiddenColumns(viewer, query.columns);
  const { request } = assetListRequestOf(listQuery, viewer);
  const settings = await tableSettings(auth.tenant);
  const texts = assetExportTexts(query.language ?? mailLanguage(acceptLanguage));
  const importLayout = query.layout === 'import';
  // The import layout is the import's file: staff only, as the import is (client users see fewer fields).
  if (importLayout && viewer.kind === 'client')
    throw unprocessable([{ propertyPath: 'layout', message: IMPORT_LAYOUT_NOT_AVAILABLE }]);
  const columns = importLayout
    ? importLayoutColumns()
    : assetExportColumns({
        requested: query.columns,
        isClient: viewer.kind === 'client',
        hiddenByTenant: settings.hidden,
        renamed: settings.renamed,
        texts,
      });
  if (columns.length === 0) throw unprocessable([{ propertyPath: 'columns', message: NO_COLUMNS }]);
  // A Lambda runs in UTC; the console sends its own zone so dates read as they do on screen.
  const timeZone = query.timeZone ?? 'UTC';
  const dateTime = dateTimeFormatter(timeZone);
  const now = new Date();
  return {
    ctx: auth.tenant,
    entity: 'Assets',
    type: query.type,
    day: dayIn(timeZone, now),
    sheet: {
      title: texts.title,
      subtitle: texts.exportedOn(dateTime(now.toISOString())),
      columns,
      pageLabel: texts.page,
    },
    batches: streamAssets(auth.tenant, request.filters, request.order),
    ...(hasFilters(request.filters) ? {} : { expectedRows: () => assetRepository.count(auth.tenant) }),
    // Cells read the asset as presented to this viewer: a client user's hidden fields are already gone.
    toRow: (record) =>
      importLayout
        ? importLayoutRow(record)
        : assetRow({ ...presentAsset(viewer, record), cable_length: record.cable_length }, columns, {
            texts,
            dateTime,
          }),
  };
}
