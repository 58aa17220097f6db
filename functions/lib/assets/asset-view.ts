import { isClientUser } from '../../../shared/permissions';
import type { Asset } from '../../../shared/schemas/asset';
import { CLIENT_HIDDEN_ASSET_FIELDS } from '../../../shared/schemas/asset';
import { mapLevelOf } from '../../../shared/schemas/map-level';
import type { AuthContext } from '../auth/auth-context';
import { notFound } from '../http/errors';
import { userRepository } from '../users/user-repository';
import type { AssetRecord } from './asset-repository';
import { toApiAsset } from './asset-repository';

/**
 * Role views of assets (spec 000 s.2, s.6), enforced here and not in the console. A ROLE_CLIENT user sees
 * only the assets of the customer on their user record, without the hidden fields; a client user without a
 * customer sees nothing. Everybody else sees the tenant's assets in full.
 */
export type AssetViewer = { kind: 'staff' } | { kind: 'client'; clientId: number | null };

export async function assetViewerOf(auth: AuthContext): Promise<AssetViewer> {
  if (!isClientUser(auth.roles)) return { kind: 'staff' };
  const user = await userRepository.get(auth.tenant, auth.userId);
  return { kind: 'client', clientId: user?.client_id ?? null };
}

export const canSeeAsset = (viewer: AssetViewer, asset: Pick<AssetRecord, 'client'>): boolean =>
  viewer.kind === 'staff' || (viewer.clientId !== null && asset.client?.id === viewer.clientId);

/** Another customer's asset does not exist for a client user: 404, exactly as another tenant's. */
export function assertCanSee<T extends Pick<AssetRecord, 'client'>>(viewer: AssetViewer, asset: T | undefined): T {
  if (!asset || !canSeeAsset(viewer, asset)) throw notFound();
  return asset;
}

export type ClientAsset = Omit<Asset, (typeof CLIENT_HIDDEN_ASSET_FIELDS)[number]>;

/**
 * The API shape for this viewer: the hidden keys are absent (not null) for client users, and the geo zone of
 * the last position is cleared, since geo zones are hidden from them as a whole (so is the zone's part of the
 * map level).
 */
export function presentAsset(viewer: AssetViewer, asset: AssetRecord): Asset | ClientAsset {
  const full = toApiAsset(asset);
  if (viewer.kind === 'staff') return full;
  // Zones are hidden from client users, so "outside its zone" (major) is no level of theirs either.
  return { ...hideFromClient(full), map_level: mapLevelOf({ ...asset, geo_zone: null }) };
}

export function hideFromClient<T extends Partial<Asset>>(
  asset: T,
): Omit<T, (typeof CLIENT_HIDDEN_ASSET_FIELDS)[number]> {
  const visible: Record<string, unknown> = { ...asset };
  for (const field of CLIENT_HIDDEN_ASSET_FIELDS) delete visible[field];
  if (asset.last_event) visible.last_event = { ...asset.last_event, geo_zone: null };
  return visible as Omit<T, (typeof CLIENT_HIDDEN_ASSET_FIELDS)[number]>;
}
