import { idParamSchema } from '../../../shared/schemas/common';
import type { ExportLanguage } from '../../../shared/schemas/export';
import {
  VISIT_EXPORT_COLUMNS,
  VISIT_EXPORT_MAX_ROWS,
  VISIT_EXPORT_TOO_LARGE,
  type VisitExportColumn,
  visitExportQuerySchema,
} from '../../../shared/schemas/zone-visit';
import de from '../../../web/src/i18n/features/zoneVisits/de.json';
import en from '../../../web/src/i18n/features/zoneVisits/en.json';
import fr from '../../../web/src/i18n/features/zoneVisits/fr.json';
import nl from '../../../web/src/i18n/features/zoneVisits/nl.json';
import type { AuthContext } from '../auth/auth-context';
import type { PageQuery } from '../data/query-page';
import { assetExportTexts } from '../exports/asset-export-texts';
import { splitExportQuery } from '../exports/export-request';
import type { ExportColumn, ExportRow } from '../exports/export-table';
import { dateTimeFormatter, dayIn } from '../exports/export-values';
import type { ExportRun } from '../exports/run-export';
import { parseCollectionQuery } from '../http/collection-query';
import { unprocessable } from '../http/errors';
import { validate } from '../http/validation';
import { mailLanguage } from '../mail/mail-language';
import type { VisitRecord } from './visit-keys';
import { assetVisitsQuery, visitBatches } from './visit-queries';
import { assetOf, periodOf, VISIT_COLLECTION_SPEC, zoneOf, zoneQuery } from './visit-request';

/**
 * Exports of a visit list (an asset's, a zone's of a period, a zone's open ones) through the shared export
 * writers and storage, synchronously and bounded (docs/decisions/0263-visit-exports-are-synchronous-and-bounded-to-5-000-rows.md):
 * a visit list of one asset or one zone in a period is small, so no job is started; more than
 * VISIT_EXPORT_MAX_ROWS rows answers 422 before anything is written. The request checks and the export worker
 * writes (export-lists.ts), both through these `prepare…` functions.
 */
const TEXTS: Record<ExportLanguage, typeof en> = { en, nl, de, fr };
const WIDTHS: Record<VisitExportColumn, number> = {
  asset: 24,
  zone: 24,
  arrivedAt: 17,
  leftAt: 17,
  dwell: 12,
  cableType: 18,
  profiles: 24,
};
const LABEL_KEYS: Record<VisitExportColumn, keyof (typeof en)['export']> = {
  asset: 'asset',
  zone: 'zone',
  arrivedAt: 'arrivedAt',
  leftAt: 'leftAt',
  dwell: 'dwell',
  cableType: 'cableType',
  profiles: 'profiles',
};

/** Hours with two decimals: a number a spreadsheet sums. */
const hoursOf = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 3600) * 100) / 100);

function cell(
  visit: VisitRecord,
  column: VisitExportColumn,
  words: (typeof en)['export'],
  dateTime: (v: string | null) => string,
) {
  switch (column) {
    case 'asset':
      return visit.assetName ?? String(visit.assetId);
    case 'zone':
      return visit.zoneName ?? String(visit.zoneId);
    case 'arrivedAt':
      return dateTime(visit.arrivedAt);
    case 'leftAt':
      return visit.leftAt ? dateTime(visit.leftAt) : words.stillThere;
    case 'dwell':
      return hoursOf(visit.dwellSeconds);
    case 'cableType':
      return visit.cableType;
    case 'profiles':
      return visit.profiles.map((profile) => profile.name).join(', ');
  }
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

async function prepareVisitExport(
  auth: AuthContext,
  rawQuery: string,
  acceptLanguage: string | undefined,
  query: PageQuery,
): Promise<ExportRun<VisitRecord>> {
  const { query: options } = splitExportQuery(rawQuery, visitExportQuerySchema);
  const language = options.language ?? mailLanguage(acceptLanguage);
  const words = TEXTS[language].export;
  const ids = options.columns ?? [...VISIT_EXPORT_COLUMNS];
  const columns: ExportColumn[] = ids.map((id) => ({ id, label: words[LABEL_KEYS[id]], width: WIDTHS[id] }));
  const timeZone = options.timeZone ?? 'UTC';
  const dateTime = dateTimeFormatter(timeZone);
  const now = new Date();
  const pageTexts = assetExportTexts(language);
  return {
    ctx: auth.tenant,
    entity: 'Visits',
    type: options.type,
    day: dayIn(timeZone, now),
    sheet: {
      title: words.title,
      subtitle: pageTexts.exportedOn(dateTime(now.toISOString())),
      columns,
      pageLabel: pageTexts.page,
    },
    batches: boundedList(query),
    toRow: (visit): ExportRow => ids.map((id) => cell(visit, id, words, dateTime)),
  };
}

type Params = Record<string, string | undefined>;

/** GET /api/assets/{id}/visits/export. */
export async function prepareAssetVisitExport(
  auth: AuthContext,
  rawQuery: string,
  language?: string,
  params: Params = {},
) {
  // The worker reads the request's path parameters as sent, as the HTTP stack did (functions/lib/http/route-input.ts).
  const id = await assetOf(auth, validate(idParamSchema, params.id));
  const period = periodOf(parseCollectionQuery(rawQuery, VISIT_COLLECTION_SPEC));
  return prepareVisitExport(auth, rawQuery, language, assetVisitsQuery(auth.tenant, id, period));
}

/** GET /api/geo-zones/{id}/visits/export (a period's visits, or with open=true who is there now). */
export async function prepareZoneVisitExport(
  auth: AuthContext,
  rawQuery: string,
  language?: string,
  params: Params = {},
) {
  const id = await zoneOf(auth, validate(idParamSchema, params.id));
  const visits = zoneQuery(auth.tenant, id, parseCollectionQuery(rawQuery, VISIT_COLLECTION_SPEC));
  return prepareVisitExport(auth, rawQuery, language, visits);
}
