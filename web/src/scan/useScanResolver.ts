import type { Asset } from '@shared/schemas/asset';
import type { Device } from '@shared/schemas/device';
import { useCallback } from 'react';
import { isApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { assetOfFind, findScanned } from './scanLookups';
import { scannedTargetOf } from './scannedText';

export type ScanOutcome =
  | { kind: 'busy' }
  | { kind: 'asset'; asset: Asset }
  | { kind: 'device'; device: Device }
  /** A tag scanned to open an asset, but linked to none. */
  | { kind: 'unlinked'; device: Device }
  | { kind: 'none'; text: string }
  | { kind: 'error'; message: string };

/**
 * A code's text to what the screen shows: `asset` wants an asset (a tag's code opens the asset it is linked to),
 * `tag` wants the device itself (the second code of "link a tag"). An id this tenant does not hold reads as
 * nothing found, as an unknown one.
 */
export function useScanResolver() {
  return useCallback(async (text: string, want: 'asset' | 'tag'): Promise<ScanOutcome> => {
    const target = scannedTargetOf(text);
    if (!target) return { kind: 'none', text };
    try {
      const find = await findScanned(target);
      if (find.kind === 'none') return { kind: 'none', text };
      if (want === 'tag' || find.kind === 'asset') {
        return find.kind === 'asset' ? { kind: 'asset', asset: find.asset } : { kind: 'device', device: find.device };
      }
      const asset = await assetOfFind(find);
      return asset ? { kind: 'asset', asset } : { kind: 'unlinked', device: find.device };
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 403)) return { kind: 'none', text };
      return { kind: 'error', message: errorMessage(error) };
    }
  }, []);
}
