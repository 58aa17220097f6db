import type { AssetProfileDefinition } from '@shared/schemas/asset-profile';
import { type StockLimitsInput, stockLimitsInputSchema, type ZoneStock } from '@shared/schemas/zone-stock';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ConflictRow } from '../common/conflict/conflicts';

/** One profile definition of the tenant with the zone's bounds for it, as typed. */
export type LimitRow = { profile: number; name: string; min: string; max: string };
export interface StockLimitsFormValues {
  rows: LimitRow[];
  version: number;
}
/** The zone's stock as read, with the tenant's profile definitions: what the dialog edits. */
export type StockLimitsRecord = ZoneStock & { profiles: Pick<AssetProfileDefinition, 'id' | 'name'>[] };

export const EMPTY_LIMITS: StockLimitsFormValues = { rows: [], version: 0 };
export const LIMIT_FIELDS = new Set(['rows']);

export const toLimitsForm = (record: StockLimitsRecord): StockLimitsFormValues => ({
  rows: record.profiles.map((d) => {
    const limit = record.limits.find((l) => l.profile === d.id);
    return { profile: d.id, name: d.name, min: String(limit?.min ?? ''), max: String(limit?.max ?? '') };
  }),
  version: record.version,
});

const toBound = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));
const isFilled = (row: LimitRow) => row.min.trim() !== '' || row.max.trim() !== '';

/** The rows with a bound, as the API takes them; an empty row is a profile without limits. */
export const toLimitsInput = ({ rows, version }: StockLimitsFormValues): StockLimitsInput => ({
  version,
  limits: rows.filter(isFilled).map((row) => ({ profile: row.profile, min: toBound(row.min), max: toBound(row.max) })),
});

/**
 * The form field a path of the input names (`limits.3.min` / `limits[3].min`: the bound of the fourth profile
 * with limits), found by its profile among the rows; anything else as it is (a notice).
 */
export function limitFieldOf(path: string, input: StockLimitsInput | undefined, rows: readonly LimitRow[]): string {
  const match = /^limits(?:\.|\[)(\d+)\]?\.(min|max|profile)$/.exec(path);
  const profile = match ? input?.limits[Number(match[1])]?.profile : undefined;
  const row = rows.findIndex((r) => r.profile === profile);
  return match && row >= 0 ? `rows.${row}.${match[2] === 'max' ? 'max' : 'min'}` : path;
}

/** The shared schema checks the input the rows become; its problems land on the rows' fields, the first each. */
export const stockLimitsResolver: Resolver<StockLimitsFormValues, unknown, StockLimitsInput> = async (values) => {
  const input = toLimitsInput(values);
  const checked = stockLimitsInputSchema.safeParse(input);
  if (checked.success) return { values: input, errors: {} };
  const rows: Record<number, Record<string, { type: string; message: string }>> = {};
  const other: Record<string, { type: string; message: string }> = {};
  for (const issue of checked.error.issues) {
    const field = limitFieldOf(issue.path.join('.'), input, values.rows);
    const [, row, bound] = /^rows\.(\d+)\.(min|max)$/.exec(field) ?? [];
    if (row !== undefined && bound) {
      const at = rows[Number(row)] ?? {};
      at[bound] ??= { type: issue.code, message: issue.message };
      rows[Number(row)] = at;
    } else other[field] ??= { type: issue.code, message: issue.message };
  }
  const rowErrors = Object.keys(rows).length ? { rows: Object.assign([], rows) } : {};
  return { values: {}, errors: { ...other, ...rowErrors } as FieldErrors<StockLimitsFormValues> };
};

/** usePanelForm's `conflict.rows`: each bound someone else changed, theirs beside this dialog's. */
export const limitConflictRows =
  (label: (row: LimitRow, bound: 'min' | 'max') => string) =>
  (base: StockLimitsFormValues, theirs: StockLimitsFormValues, yours: StockLimitsFormValues): ConflictRow[] =>
    theirs.rows.flatMap((row) => {
      const before = base.rows.find((r) => r.profile === row.profile);
      const mine = yours.rows.find((r) => r.profile === row.profile);
      return (['min', 'max'] as const)
        .filter((bound) => (before?.[bound] ?? '') !== row[bound])
        .map((bound) => ({
          field: `${row.profile}.${bound}`,
          label: label(row, bound),
          theirs: row[bound],
          yours: mine?.[bound] ?? '',
        }));
    });
