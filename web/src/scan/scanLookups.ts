import type { HydraCollection } from '@shared/hydra';
import type { Asset } from '@shared/schemas/asset';
import type { Device } from '@shared/schemas/device';
import { api } from '../api/apiClient';
import type { ScannedTarget } from './scannedText';

/** What a scan found: an asset, a tag (with the asset it is linked to, if any), or nothing of this tenant's. */
export type ScanFind = { kind: 'asset'; asset: Asset } | { kind: 'device'; device: Device } | { kind: 'none' };

const exactly = <T>(members: readonly T[], same: (member: T) => boolean): T | undefined =>
  members.find(same) ?? (members.length === 1 ? members[0] : undefined);

async function deviceByDevEui(devEui: string): Promise<Device | undefined> {
  const page = await api.get<HydraCollection<Device>>('/api/devices', { query: { search: devEui, itemsPerPage: 5 } });
  return page['hydra:member'].find((device) => device.dev_eui.toUpperCase() === devEui);
}

async function assetByReference(text: string): Promise<Asset | undefined> {
  const page = await api.get<HydraCollection<Asset>>('/api/assets', { query: { search: text, itemsPerPage: 5 } });
  return exactly(page['hydra:member'], (asset) => asset.reference?.toLowerCase() === text.toLowerCase());
}

/** Reads what the code names through the lists and items the console already uses (the API's own scope). */
export async function findScanned(target: ScannedTarget): Promise<ScanFind> {
  const asset = (found: Asset | undefined): ScanFind => (found ? { kind: 'asset', asset: found } : { kind: 'none' });
  const device = (found: Device | undefined): ScanFind =>
    found ? { kind: 'device', device: found } : { kind: 'none' };
  switch (target.kind) {
    case 'asset':
      return asset(await api.get<Asset>(`/api/assets/${target.id}`));
    case 'device':
      return device(await api.get<Device>(`/api/devices/${target.id}`));
    case 'devEui':
      return device(await deviceByDevEui(target.devEui));
    case 'reference':
      return asset(await assetByReference(target.text));
  }
}

/** The asset a find opens: the asset itself, or the one a scanned tag is linked to. */
export async function assetOfFind(find: ScanFind): Promise<Asset | null> {
  if (find.kind === 'asset') return find.asset;
  if (find.kind === 'device' && find.device.asset) return api.get<Asset>(`/api/assets/${find.device.asset.id}`);
  return null;
}
