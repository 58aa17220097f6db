import {
  ASSET_IMPORT_STALLED_MS,
  type AssetImportJournal,
  isImportStalled,
  isLive,
} from '../../functions/lib/asset-import/asset-import-journal';
import { HAND_OVER_MARGIN_MS, timeLeftOf } from '../../functions/lib/asset-import/asset-import-lease';
import { ASSET_IMPORT_WORKER_TIMEOUT_MINUTES } from '../../shared/schemas/asset-import';

/**
 * The asset import worker's time left, and when a running import has lost its worker
 * (functions/lib/asset-import/asset-import-lease.ts, asset-import-journal.ts).
 */
describe('asset import runs', () => {
  it("reads the Lambda context's time left, else counts the worker's timeout from the start", () => {
    const context = { left: 90_000, getRemainingTimeInMillis: () => 0 };
    context.getRemainingTimeInMillis = function (this: typeof context) {
      return this.left;
    };
    expect(timeLeftOf(context)()).toBe(90_000);
    expect(timeLeftOf(context)()).toBeLessThan(HAND_OVER_MARGIN_MS);
    const fallback = timeLeftOf({})();
    expect(fallback).toBeLessThanOrEqual(ASSET_IMPORT_WORKER_TIMEOUT_MINUTES * 60_000);
    expect(fallback).toBeGreaterThan(ASSET_IMPORT_WORKER_TIMEOUT_MINUTES * 60_000 - 60_000);
  });

  it('is stalled only when running and quiet for longer than its worker can live; a stalled one is not live', () => {
    const now = Date.now();
    const journal = (status: AssetImportJournal['status'], quietMs: number) =>
      ({
        status,
        startedAt: new Date(now - 2 * quietMs).toISOString(),
        updatedAt: new Date(now - quietMs).toISOString(),
      }) as AssetImportJournal;
    expect(ASSET_IMPORT_STALLED_MS).toBeGreaterThan(ASSET_IMPORT_WORKER_TIMEOUT_MINUTES * 60_000);
    expect(isImportStalled(journal('running', ASSET_IMPORT_STALLED_MS - 60_000), now)).toBe(false);
    expect(isLive(journal('running', ASSET_IMPORT_STALLED_MS - 60_000))).toBe(true);
    expect(isImportStalled(journal('running', ASSET_IMPORT_STALLED_MS + 60_000), now)).toBe(true);
    expect(isLive(journal('running', ASSET_IMPORT_STALLED_MS + 60_000))).toBe(false);
    expect(isImportStalled(journal('done', ASSET_IMPORT_STALLED_MS * 10), now)).toBe(false);
    expect(isImportStalled(journal('failed', ASSET_IMPORT_STALLED_MS * 10), now)).toBe(false);
  });
});
