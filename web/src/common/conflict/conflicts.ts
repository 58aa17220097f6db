import { ApiError } from '../../api/ApiError';

/**
 * A save refused because someone else saved first: 409 (the body's version) or 412 (If-Match). The version
 * moves only with people's saves, never with a tag's report (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md).
 */
export const isConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 409 || error.status === 412);

export interface ConflictRow {
  field: string;
  label: string;
  /** As saved by the other person now. */
  theirs: string;
  /** As this form would save it. */
  yours: string;
}

/**
 * The fields someone else changed: those whose saved value (`theirs`) differs from what this form started from
 * (`base`), shown as text beside this form's value. `show` turns a field's value into its text.
 */
export function changedFields<V extends object, F extends keyof V & string>(
  fields: readonly F[],
  base: V,
  theirs: V,
  yours: V,
  show: (field: F, value: unknown) => string,
  label: (field: F) => string,
): ConflictRow[] {
  return fields
    .filter((field) => show(field, base[field]) !== show(field, theirs[field]))
    .map((field) => ({
      field,
      label: label(field),
      theirs: show(field, theirs[field]),
      yours: show(field, yours[field]),
    }));
}

/** A form value as the conflict dialog shows it: a list joined, nothing as empty. */
export const conflictText = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(conflictText).join(', ')
    : value === null || value === undefined
      ? ''
      : String(value);

/**
 * usePanelForm's `conflict.rows` for a form whose fields read as their text: the fields the dialog compares,
 * with their labels, and (where a value needs words: a yes/no, a name for an id) how one is shown.
 */
export function conflictRowsOf<V extends object>(
  labels: Partial<Record<keyof V & string, string>>,
  show: (field: keyof V & string, value: unknown) => string = (_, value) => conflictText(value),
) {
  const fields = Object.keys(labels) as (keyof V & string)[];
  return (base: V, theirs: V, yours: V) =>
    changedFields(fields, base, theirs, yours, show, (field) => labels[field] ?? field);
}
