import { BULK_EDIT_MAX_ROWS, BULK_EDIT_MESSAGES, type BulkEditTarget } from '../../../shared/schemas/bulk-edit';
import { assetListRequestOf } from '../assets/asset-list-request';
import { streamAssets } from '../assets/asset-stream';
import { assetViewerOf } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import { deviceListRequestOf } from '../devices/device-list-request';
import { streamDevices } from '../devices/device-query';
import { unprocessable } from '../http/errors';

/** A selection as sent: the rows' ids, or the list's filter as its query parameters. */
export type RawSelection = { ids?: number[]; filter?: Record<string, unknown> };

/**
 * The ids a selection names. A filter is read by the list's own query parser (the same schema, the same
 * role view as GET /api/assets or /api/devices) and its matches are read once, in the list's order; past the
 * bound the request is refused before any job exists, so a bulk edit never stops halfway at a limit.
 */
export async function selectedIds(
  auth: AuthContext,
  target: BulkEditTarget,
  selection: RawSelection,
): Promise<number[]> {
  if (selection.ids) return [...new Set(selection.ids)];
  const rawQuery = new URLSearchParams(
    Object.entries(selection.filter ?? {})
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  ).toString();
  const ids: number[] = [];
  for await (const batch of matches(auth, target, rawQuery)) {
    ids.push(...batch);
    if (ids.length > BULK_EDIT_MAX_ROWS) {
      throw unprocessable([{ propertyPath: 'selection', message: BULK_EDIT_MESSAGES.tooMany }]);
    }
  }
  if (ids.length === 0)
    throw unprocessable([{ propertyPath: 'selection', message: BULK_EDIT_MESSAGES.nothingSelected }]);
  return [...new Set(ids)];
}

async function* matches(auth: AuthContext, target: BulkEditTarget, rawQuery: string): AsyncGenerator<number[]> {
  if (target === 'assets') {
    const { request } = assetListRequestOf(rawQuery, await assetViewerOf(auth));
    for await (const batch of streamAssets(auth.tenant, request.filters, request.order)) yield batch.map((a) => a.id);
    return;
  }
  const { request } = deviceListRequestOf(rawQuery, auth);
  for await (const batch of streamDevices(auth.tenant, request.filters, request.order)) yield batch.map((d) => d.id);
}
