import { ASSET_IMPORT_COLUMNS, ASSET_IMPORT_MAX_CELL, ASSET_IMPORT_MAX_ROWS, PLAN_CHANGED } from './asset-import';

/**
 * What the asset import answers about a file and its rows, in English (the console translates them). Apart from
 * shared/schemas/asset-import.ts, which the route contracts import: every handler bundle carries those, and
 * only the asset import needs these words.
 */
export const ASSET_IMPORT_MESSAGES = {
  onlyCsv: 'Only CSV files can be sent; the console turns an Excel workbook into CSV first.',
  noFile: 'Choose a CSV file to import.',
  fileTooLarge: 'The file may be at most 4 MB.',
  notText: 'The file is not a CSV text file.',
  malformed: 'The file is not valid CSV. Check the quotes around values.',
  noHeader: 'The first row must name the columns and include a name or id column.',
  unknownColumn: `Unknown column. Use ${ASSET_IMPORT_COLUMNS.join(', ')}.`,
  duplicateColumn: 'This column appears more than once.',
  noRows: 'The file has no asset rows.',
  tooManyRows: `A file may hold at most ${ASSET_IMPORT_MAX_ROWS} assets.`,
  cellTooLong: `A cell may hold at most ${ASSET_IMPORT_MAX_CELL} characters.`,
  duplicateId: 'This asset id appears more than once in the file.',
  notFound: 'No asset of yours has this id.',
  versionRequired: 'A row with an id needs the version it was exported at.',
  invalidVersion: 'The version must be a whole number.',
  staleVersion: 'The asset changed since this file was exported. Export it again.',
  unknownClient: 'No customer of yours has this id or name.',
  ambiguousClient: 'More than one customer has this name: give its id.',
  unknownGeoZone: 'No geo zone of yours has this id or name.',
  ambiguousGeoZone: 'More than one geo zone has this name: give its id.',
  unknownProfile: 'No asset profile of yours has this id or name.',
  idNameDisagree: 'The id and the name name different items: clear one of them.',
  invalidId: 'An id must be a whole number.',
  createNotAllowed: 'You may not create assets: leave out the rows without an id.',
  planChanged: PLAN_CHANGED,
  moreProblems: 'The file has more problems than listed here. Fix these and import it again.',
} as const;
