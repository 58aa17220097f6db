import type { Asset } from '@shared/schemas/asset';
import { useSyncExternalStore } from 'react';
import { offlineDb } from './offlineDb';
import { currentOwner } from './offlineQueue';

/**
 * The last answer of each asset page the user opened, kept on the device so that the page still reads without
 * network, marked as what it is: the last known data, from when it was read. Per owner (tenant and user);
 * sign-out clears them (offlineDb.ts).
 */
const shownFromDevice = new Map<number, string>();
const listeners = new Set<() => void>();
const tell = () => {
  for (const listener of listeners) listener();
};

export async function keepAsset(asset: Asset): Promise<void> {
  const owner = currentOwner();
  if (!owner) return;
  if (shownFromDevice.delete(asset.id)) tell();
  await (await offlineDb())
    .put('assets', { key: `${owner}#${asset.id}`, owner, asset, savedAt: new Date().toISOString() })
    .catch(() => undefined);
}

/** The kept answer of an asset, or undefined; the page then says it shows data from `savedAt`. */
export async function keptAsset(id: number): Promise<Asset | undefined> {
  const owner = currentOwner();
  if (!owner) return undefined;
  const kept = await (await offlineDb()).get('assets', `${owner}#${id}`).catch(() => undefined);
  if (!kept) return undefined;
  shownFromDevice.set(id, kept.savedAt);
  tell();
  return kept.asset;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** When the asset shown was read, if it is the device's kept copy rather than the server's answer. */
export function useShownFromDevice(id: number): string | undefined {
  return useSyncExternalStore(subscribe, () => shownFromDevice.get(id));
}

export function forgetKeptAssets() {
  shownFromDevice.clear();
  tell();
}
