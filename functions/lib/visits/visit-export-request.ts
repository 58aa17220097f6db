import { idParamSchema } from '../../../shared/schemas/common';
import {
  VISIT_EXPORT_COLUMNS,
  VISIT_EXPORT_MAX_ROWS,
  VISIT_EXPORT_TOO_LARGE,
  type VisitExportColumn,
  visitExportQuerySchema,
} from '../../../shared/schemas/zone-visit';
import type { AuthContext } from '../auth/auth-context';
import type { PageQuery } from '../data/query-page';
import { type CheckedExport, type ExportFileOptions, exportFileOf, splitExportQuery } from '../exports/export-request';
import { parseCollectionQuery } from '../http/collection-query';
import { unprocessable } from '../http/errors';
import { validate } from '../http/validation';
import type { VisitRecord } from './visit-keys';
import { assetVisitsQuery, visitBatches } from './visit-queries';
import { assetOf, periodOf, VISIT_COLLECTION_SPEC, zoneOf, zoneQuery } from './visit-request';

/**
 * Exports of a visit list (an asset's, a zone's of a period, a zone's open ones), synchronously and bounded
 * (docs/decisions/0263-visit-exports-are-synchronous-and-bounded-to-5-000-rows.md): a visit list of one asset or
 * one zone in a period is small, so no job is started; more than VISIT_EXPORT_MAX_ROWS rows answers 422 before
 * anything is written. The request checks here; the export worker writes the rows of visit-export.ts.
 */
export interface CheckedVisitExport extends CheckedExport {
  type: ExportFileOptions['type'];
  file: ExportFileOptions;
  columnIds: readonly VisitExportColumn[];
  items: AsyncIterable<VisitRecord[]>;
}

/** Reads up to the bound before writing: a list over it is refused whole, never cut silently. */
async function boundedBatches(query: PageQuery): Promise<VisitRecord[][]> {
  const batches: VisitRecord[][] = [];
  let rows = 0;
  for await (const batch of visitBatches(query, VISIT_EXPORT_MAX_ROWS)) {
    rows += batch.length;
    if (rows > VISIT_EXPORT_MAX_ROWS) throw unprocessable([{ propertyPath: '', message: VISIT_EXPORT_TOO_LARGE }]);
    batches.push(batch);
  }
  return batches;
}

/** The list is read whole (bounded) when the writer asks for the first batch, so an oversized list writes nothing. */
async function* boundedList(query: PageQuery): AsyncIterable<VisitRecord[]> {
  yield* await boundedBatches(query);
}

function checkVisitExport(rawQuery: string, acceptLanguage: string | undefined, query: PageQuery): CheckedVisitExport {
  const { query: options } = splitExportQuery(rawQuery, visitExportQuerySchema);
  return {
    type: options.type,
    file: exportFileOf(options, acceptLanguage, 'UTC'),
    columnIds: options.columns ?? VISIT_EXPORT_COLUMNS,
    items: boundedList(query),
  };
}

type Params = Record<string, string | undefined>;

/** GET /api/assets/{id}/visits/export. */
export async function checkAssetVisitExport(
  auth: AuthContext,
  rawQuery: string,
  language?: string,
  params: Params = {},
) {
  // The worker reads the request's path parameters as sent, as the HTTP stack did (functions/lib/http/route-input.ts).
  const id = await assetOf(auth, validate(idParamSchema, params.id));
  const period = periodOf(parseCollectionQuery(rawQuery, VISIT_COLLECTION_SPEC));
  return checkVisitExport(rawQuery, language, assetVisitsQuery(auth.tenant, id, period));
}

/** GET /api/geo-zones/{id}/visits/export (a period's visits, or with open=true who is there now). */
export async function checkZoneVisitExport(
  auth: AuthContext,
  rawQuery: string,
  language?: string,
  params: Params = {},
) {
  const id = await zoneOf(auth, validate(idParamSchema, params.id));
  const visits = zoneQuery(auth.tenant, id, parseCollectionQuery(rawQuery, VISIT_COLLECTION_SPEC));
  return checkVisitExport(rawQuery, language, visits);
}
