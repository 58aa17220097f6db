import type { Resolver } from 'react-hook-form';
import { checkLine, type LineText, toLineInput } from './contractLine';

/**
 * The line form's check: the shared schema of a bulk line (shared/schemas/rental-contract.ts) over the form's
 * text, each problem on the field it names, so the form refuses what the API would.
 */
export const contractResolver: Resolver<LineText> = async (values) => {
  const checked = checkLine(values);
  if (checked.ok) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const { propertyPath, message } of checked.violations) errors[propertyPath] ??= { type: 'schema', message };
  return { values: {}, errors };
};

/** What PUT takes: the line without its external id (the path's), with the version read. */
export function contractPayload(values: LineText): Record<string, unknown> {
  const { externalId: _path, ...line } = toLineInput(values);
  return line;
}
