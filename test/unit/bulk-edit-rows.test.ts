import { reasonOf, rowOutcome } from '../../functions/lib/bulk-edit/row-outcome';
import { conflict, HttpError, notFound, unprocessable } from '../../functions/lib/http/errors';
import { BULK_EDIT_MESSAGES } from '../../shared/schemas/bulk-edit';

/** A bulk edit row's result from what its single edit answered (functions/lib/bulk-edit/row-outcome.ts). */
describe('bulk edit row outcome', () => {
  it('names the single edit’s violations, field by field', () => {
    const error = unprocessable([
      { propertyPath: 'geo_zone', message: 'This geo zone does not exist' },
      { propertyPath: '', message: 'Whole-form message' },
    ]);
    expect(reasonOf(error)).toBe('geo_zone: This geo zone does not exist; Whole-form message');
  });

  it('words not found, conflicts and our own faults without their details', () => {
    expect(reasonOf(notFound())).toBe(BULK_EDIT_MESSAGES.notFound);
    expect(reasonOf(conflict())).toBe(BULK_EDIT_MESSAGES.conflict);
    expect(reasonOf(new HttpError(500, 'database password is wrong'))).toBe(BULK_EDIT_MESSAGES.failed);
    expect(reasonOf(new Error('socket hang up'))).toBe(BULK_EDIT_MESSAGES.failed);
  });

  it('answers done when the edit returns and refused with the reason when it throws', async () => {
    await expect(rowOutcome(7, async () => 'saved')).resolves.toEqual({ id: 7, outcome: 'done' });
    await expect(
      rowOutcome(8, async () => {
        throw notFound();
      }),
    ).resolves.toEqual({ id: 8, outcome: 'refused', reason: BULK_EDIT_MESSAGES.notFound });
  });
});
