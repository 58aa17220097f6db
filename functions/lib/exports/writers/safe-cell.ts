import { safeText } from '../../../../shared/safe-text';
import type { ExportType } from '../../../../shared/schemas/export';
import type { CellValue } from '../export-table';

/** The rule is shared (shared/safe-text.ts): the console writes the asset history's CSV with it too. */
export { safeText };

export const safeCell = (value: CellValue, format: ExportType): CellValue =>
  typeof value === 'string' ? safeText(value, format) : value;
