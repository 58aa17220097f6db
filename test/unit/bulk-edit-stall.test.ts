import { BULK_EDIT_STALLED_MS, isStalled, stalledRows } from '../../functions/lib/bulk-edit/bulk-edit-stall';
import { BULK_EDIT_MESSAGES, BULK_EDIT_WORKER_TIMEOUT_MINUTES } from '../../shared/schemas/bulk-edit';

/** When a running bulk edit has lost its worker, and what its rows are then (functions/lib/bulk-edit/bulk-edit-stall.ts). */
describe('a stalled bulk edit', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('is stalled only when running and quiet for longer than its worker can live', () => {
    expect(BULK_EDIT_STALLED_MS).toBeGreaterThan(BULK_EDIT_WORKER_TIMEOUT_MINUTES * 60_000);
    expect(isStalled({ status: 'running', updated_at: ago(BULK_EDIT_STALLED_MS - 1_000) }, now)).toBe(false);
    expect(isStalled({ status: 'running', updated_at: ago(BULK_EDIT_STALLED_MS + 1_000) }, now)).toBe(true);
    expect(isStalled({ status: 'done', updated_at: ago(BULK_EDIT_STALLED_MS * 10) }, now)).toBe(false);
    expect(isStalled({ status: 'failed', updated_at: ago(BULK_EDIT_STALLED_MS * 10) }, now)).toBe(false);
  });

  it('keeps the recorded rows, marks the chunk in progress unknown and the rest not applied', () => {
    const ids = [1, 2, 3, 4, 5];
    const recorded = [{ id: 1, outcome: 'done' as const }];
    const notApplied = (id: number) => ({ id, outcome: 'refused', reason: BULK_EDIT_MESSAGES.stalledNotApplied });
    const unknown = (id: number) => ({ id, outcome: 'unknown', reason: BULK_EDIT_MESSAGES.stalledUnknown });
    expect(stalledRows({ ids, claimed_at: ago(0) }, recorded, 2)).toEqual([
      recorded[0],
      unknown(2),
      unknown(3),
      notApplied(4),
      notApplied(5),
    ]);
    // Never claimed: no worker touched a row.
    expect(stalledRows({ ids }, [], 2)).toEqual(ids.map(notApplied));
  });
});
