import type { ExportType } from './schemas/export';

/**
 * The one rule every export writer applies to every cell and header: a file we write must not act
 * on the reader's machine, whatever a user typed into a name or a tenant into a renamed header.
 *
 * - CSV (OWASP "CSV Injection"): Excel and LibreOffice evaluate a cell that starts with =, +, -, @, tab or
 *   carriage return as a formula (=HYPERLINK(...) leaks data, =cmd|... runs programs). Such a text cell gets
 *   a leading single quote, which the spreadsheet reads as "this is text". Number cells are numbers, never
 *   formulas: -3.5 stays -3.5.
 * - Excel: exceljs writes a string as a string cell (t="str" with a value and no <f>), never a formula; a
 *   formula needs an explicit { formula } object, which no column produces. So texts keep their characters.
 * - Every format: C0/C1 control characters (other than tab, LF and CR, which CSV quotes and XML allows) are
 *   not allowed in XML at all, so one stored before names refused them would make Excel call the file corrupt;
 *   bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) make a name read as another. Both
 *   become U+FFFD, so the reader sees that something was there.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeText(text: string, format: ExportType): string {
  const cleaned = text.replace(UNSAFE_CHARACTERS, '\uFFFD');
  return format === 'csv' && FORMULA_START.test(cleaned) ? `'${cleaned}` : cleaned;
}
