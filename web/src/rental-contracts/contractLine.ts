import type { Violation } from '@shared/errors';
import {
  type RentalContract,
  type RentalContractLine,
  rentalContractLineSchema,
} from '@shared/schemas/rental-contract';

/**
 * A contract line as text, one field per column: what the console's form holds and what an import file's row
 * holds, under the same names. Both become the API's line by `toLineInput` and are checked by the shared schema
 * (shared/schemas/rental-contract.ts), so the form, the import and the API refuse the same things alike.
 */
export const LINE_COLUMNS = [
  'externalId',
  'customer',
  'asset',
  'assetProfile',
  'quantity',
  'onHire',
  'expectedReturn',
  'offHire',
  'address',
  'geoZone',
  'dayRate',
  'currency',
  'status',
] as const;
export type LineColumn = (typeof LINE_COLUMNS)[number];
export type LineText = Record<LineColumn, string> & { version?: number };

export const EMPTY_LINE = Object.fromEntries(LINE_COLUMNS.map((column) => [column, ''])) as unknown as LineText;

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
/** A whole number stays a number for the schema; any other text goes as sent, for the schema to refuse. */
const numberOrText = (text: string) => {
  const value = blankToNull(text);
  return value !== null && /^\d+$/.test(value) ? Number(value) : value;
};

/** The line the API takes, from its text. */
export function toLineInput(text: LineText): Record<string, unknown> {
  const rate = blankToNull(text.dayRate);
  const currency = blankToNull(text.currency);
  return {
    externalId: text.externalId.trim(),
    customer: numberOrText(text.customer) ?? undefined,
    asset: numberOrText(text.asset),
    assetProfile: numberOrText(text.assetProfile),
    quantity: numberOrText(text.quantity),
    onHire: blankToNull(text.onHire) ?? undefined,
    expectedReturn: blankToNull(text.expectedReturn),
    offHire: blankToNull(text.offHire),
    deliverySite: { address: blankToNull(text.address), geoZone: numberOrText(text.geoZone) },
    dayRate: rate === null && currency === null ? null : { amount: rate ?? '', currency: currency ?? '' },
    status: blankToNull(text.status)?.toLowerCase() ?? undefined,
    ...(text.version === undefined ? {} : { version: text.version }),
  };
}

/** The column a violation's path names ("deliverySite.geoZone" is the geoZone column, "dayRate.amount" dayRate). */
export function columnOf(propertyPath: string): LineColumn | undefined {
  const [first, second] = propertyPath.split('.');
  if (first === 'deliverySite') return second === 'geoZone' ? 'geoZone' : 'address';
  if (first === 'dayRate') return second === 'currency' ? 'currency' : 'dayRate';
  return LINE_COLUMNS.find((column) => column === first);
}

export type CheckedLine = { ok: true; line: RentalContractLine } | { ok: false; violations: Violation[] };

/** The shared schema's verdict on one line's text, its violations named by column. */
export function checkLine(text: LineText): CheckedLine {
  const parsed = rentalContractLineSchema.safeParse(toLineInput(text));
  if (parsed.success) return { ok: true, line: parsed.data };
  const violations = parsed.error.issues.map((issue) => ({
    propertyPath: columnOf(issue.path.join('.')) ?? issue.path.join('.'),
    message: issue.message,
  }));
  return { ok: false, violations };
}

/** A stored line as text, for the form. */
export function lineText(line: RentalContract): LineText {
  const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));
  return {
    externalId: line.externalId,
    customer: text(line.customer),
    asset: text(line.asset),
    assetProfile: text(line.assetProfile),
    quantity: text(line.quantity),
    onHire: line.onHire,
    expectedReturn: text(line.expectedReturn),
    offHire: text(line.offHire),
    address: text(line.deliverySite.address),
    geoZone: text(line.deliverySite.geoZone),
    dayRate: text(line.dayRate?.amount),
    currency: text(line.dayRate?.currency),
    status: line.status,
    version: line.version,
  };
}
