import type { AssetRecord } from '../assets/asset-repository';
import { presentAsset } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import { assetRow, labelAssetColumns } from './asset-export-columns';
import type { CheckedAssetExport } from './asset-export-request';
import { assetExportTexts } from './asset-export-texts';
import { importLayoutColumns, importLayoutRow } from './asset-import-layout';
import { buildExportRun } from './build-export-run';
import { dateTimeFormatter } from './export-values';
import type { ExportRun } from './run-export';

/**
 * The asset export's file (request: asset-export-request.ts): headers translated in the reader's language and
 * renamed by the tenant's asset-table-column-names setting, cells as the list shows them, or the import layout.
 */
export function assetExportRun(auth: AuthContext, checked: CheckedAssetExport): ExportRun<AssetRecord> {
  const { file, viewer } = checked;
  const texts = assetExportTexts(file.language);
  const columns = checked.importLayout
    ? importLayoutColumns()
    : labelAssetColumns(checked.columnIds, checked.renamed, texts);
  const dateTime = dateTimeFormatter(file.timeZone);
  return buildExportRun({
    ctx: auth.tenant,
    entity: 'Assets',
    file,
    title: texts.title,
    columns,
    batches: checked.items,
    ...(checked.expectedRows ? { expectedRows: checked.expectedRows } : {}),
    // Cells read the asset as presented to this viewer: a client user's hidden fields are already gone.
    toRow: (record) =>
      checked.importLayout
        ? importLayoutRow(record)
        : assetRow({ ...presentAsset(viewer, record), cable_length: record.cable_length }, columns, {
            texts,
            dateTime,
          }),
  });
}
