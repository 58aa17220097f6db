import type { AssetMapPage, MapMarker } from '../../shared/schemas/asset-map';
import { type ApiResponse, call } from './api';

export type { AssetMapPage, MapMarker } from '../../shared/schemas/asset-map';

export interface MapRead {
  markers: MapMarker[];
  pages: ApiResponse<AssetMapPage>[];
}

/** Every page of GET /api/assets/map, following `next` as the console does; stops at the first non-200. */
export async function readMap(token: string): Promise<MapRead> {
  const pages: ApiResponse<AssetMapPage>[] = [];
  let path: string | null = '/api/assets/map';
  while (path) {
    const page: ApiResponse<AssetMapPage> = await call<AssetMapPage>('GET', path, { token });
    pages.push(page);
    if (page.status !== 200) break;
    path = page.body.next;
  }
  return { markers: pages.flatMap((page) => (page.status === 200 ? page.body.markers : [])), pages };
}

export const markerIds = (markers: readonly MapMarker[]) => markers.map(([id]) => id);
