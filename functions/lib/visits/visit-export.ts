import type { ExportLanguage } from '../../../shared/schemas/export';
import type { VisitExportColumn } from '../../../shared/schemas/zone-visit';
import de from '../../../web/src/i18n/features/zoneVisits/de.json';
import en from '../../../web/src/i18n/features/zoneVisits/en.json';
import fr from '../../../web/src/i18n/features/zoneVisits/fr.json';
import nl from '../../../web/src/i18n/features/zoneVisits/nl.json';
import type { AuthContext } from '../auth/auth-context';
import { buildExportRun, labelColumns } from '../exports/build-export-run';
import type { ExportRow } from '../exports/export-table';
import { dateTimeFormatter } from '../exports/export-values';
import type { ExportRun } from '../exports/run-export';
import type { CheckedVisitExport } from './visit-export-request';
import type { VisitRecord } from './visit-keys';

/** A visit list's file (request: visit-export-request.ts), in the visits tab's words. */
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

export function visitExportRun(auth: AuthContext, checked: CheckedVisitExport): ExportRun<VisitRecord> {
  const { file, columnIds } = checked;
  const words = TEXTS[file.language].export;
  const dateTime = dateTimeFormatter(file.timeZone);
  return buildExportRun({
    ctx: auth.tenant,
    entity: 'Visits',
    file,
    title: words.title,
    columns: labelColumns(
      columnIds,
      (id) => words[LABEL_KEYS[id]],
      (id) => WIDTHS[id],
    ),
    batches: checked.items,
    toRow: (visit): ExportRow => columnIds.map((id) => cell(visit, id, words, dateTime)),
  });
}
