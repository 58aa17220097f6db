import { Logger } from '@aws-lambda-powertools/logger';
import { BULK_EDIT_MESSAGES, type BulkEditRow } from '../../../shared/schemas/bulk-edit';
import { HttpError } from '../http/errors';

/**
 * A row's result from what its single edit answered: applied, or refused with the reason the single edit would
 * have given (a field's violation, not found, a conflict). The write of a row is one transaction, so a refused
 * row is untouched. What is not a client mistake is logged here and reported without its details.
 */
const logger = new Logger({ serviceName: 'bulk-edit-rows' });

export async function rowOutcome(id: number, apply: () => Promise<unknown>): Promise<BulkEditRow> {
  try {
    await apply();
    return { id, outcome: 'done' };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) logger.error('A row could not be applied', { id, error });
    return { id, outcome: 'refused', reason: reasonOf(error) };
  }
}

export function reasonOf(error: unknown): string {
  if (!(error instanceof HttpError)) return BULK_EDIT_MESSAGES.failed;
  if (error.status === 404) return BULK_EDIT_MESSAGES.notFound;
  if (error.status === 409 || error.status === 412) return BULK_EDIT_MESSAGES.conflict;
  if (error.status >= 500) return BULK_EDIT_MESSAGES.failed;
  const violations = error.violations ?? [];
  if (violations.length === 0) return error.message;
  return violations.map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message)).join('; ');
}
