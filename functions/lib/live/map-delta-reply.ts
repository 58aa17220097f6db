import type { AssetViewer } from '../assets/asset-view';
import type { TenantContext } from '../data/tenant-context';
import { badRequest } from '../http/errors';
import { type HttpEvent, reply } from '../http/handler';
import { deltaEtag, readMapDelta } from './map-delta';

/**
 * The `since` branch of GET /api/assets/map: the delta with its ETag, or 304 when If-None-Match
 * names it (the console's polling fallback asks every 30 s and mostly hears 304). `since` and `cursor` (a page
 * of the full map) do not go together.
 */
export async function mapDeltaReply(
  ctx: TenantContext,
  viewer: AssetViewer,
  since: string,
  cursor: string | undefined,
  event: HttpEvent,
) {
  if (cursor !== undefined) throw badRequest('Invalid cursor');
  const delta = await readMapDelta(ctx, viewer, since);
  const etag = deltaEtag(delta);
  const ifNoneMatch = event.headers?.['if-none-match'];
  const matches = ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  if (matches) return reply(304, undefined, { etag, 'cache-control': 'no-cache' });
  return reply(200, delta, { etag, 'cache-control': 'no-cache' });
}
