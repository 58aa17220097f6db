import type { AssetMapAnswer, MapMarker } from '../../shared/schemas/asset-map';
import { decodeMapColumns } from '../../shared/schemas/asset-map-codec';
import { type ApiResponse, call } from './api';

export type { AssetMapAnswer, MapMarker } from '../../shared/schemas/asset-map';

export interface MapRead {
  markers: MapMarker[];
  pages: ApiResponse<AssetMapAnswer>[];
}

/** The tuples of one answer (decoded as the console decodes them); none for an answer that is not a 200. */
export const markersOf = (answer: ApiResponse<AssetMapAnswer>): MapMarker[] =>
  answer.status === 200 ? decodeMapColumns(answer.body) : [];

/**
 * GET /api/assets/map as the console reads it: one answer, and any `next` after it; stops at the first
 * non-200. fetch asks for gzip (Accept-Encoding: gzip, deflate) and inflates the answer, as a browser does.
 */
export async function readMap(token: string, headers?: Record<string, string>): Promise<MapRead> {
  const pages: ApiResponse<AssetMapAnswer>[] = [];
  let path: string | null = '/api/assets/map';
  while (path) {
    const page: ApiResponse<AssetMapAnswer> = await call<AssetMapAnswer>('GET', path, { token, headers });
    pages.push(page);
    if (page.status !== 200) break;
    path = page.body.next;
  }
  return { markers: pages.flatMap(markersOf), pages };
}

export const markerIds = (markers: readonly MapMarker[]) => markers.map(([id]) => id);
