import type { Asset } from '@shared/schemas/asset';
import type { PhonePosition } from '@shared/schemas/report-check';
import { api } from '../api/apiClient';
import { uploadAttachmentFile } from '../attachments/attachmentUploads';

/**
 * What the scan screen sends, as plain data, so that one function sends each (and an offline queue may keep
 * the data and call this function later). Decisions: docs/decisions/0329.
 */
export type ScanAction =
  | {
      kind: 'report';
      report: 'delivered' | 'empty';
      assetId: number;
      phonePosition: PhonePosition | null;
      /** Already shrunk (shrinkPhoto.ts); uploaded as an attachment of the asset before the report. */
      photo: File | null;
    }
  | {
      kind: 'depot';
      direction: 'checkIn' | 'checkOut';
      asset: Pick<Asset, 'id' | 'name' | 'version'>;
      /** The customer the asset leaves the depot for; a check-in clears it. */
      clientId: number | null;
    }
  | { kind: 'linkTag'; asset: Pick<Asset, 'id' | 'name' | 'version' | 'devices'>; deviceId: number };

const REPORT_PATH = { delivered: 'delivered', empty: 'deregister' } as const;

/**
 * Sends one action and answers the asset as saved. A report's photo goes first: a failed upload stops before
 * the report, so retrying sends neither twice. A depot check-out hands the asset to a customer as a new loan
 * (Open); a check-in takes it back (Stopped, no customer). Both are the asset's own update (PUT, its version).
 */
export async function sendScanAction(action: ScanAction): Promise<Asset> {
  switch (action.kind) {
    case 'report': {
      if (action.photo) await uploadAttachmentFile(action.assetId, action.photo, () => undefined);
      const body = action.phonePosition ? { phone_position: action.phonePosition } : {};
      return api.put<Asset>(`/api/assets/${action.assetId}/${REPORT_PATH[action.report]}`, body);
    }
    case 'depot': {
      const checkOut = action.direction === 'checkOut';
      return api.put<Asset>(`/api/assets/${action.asset.id}`, {
        name: action.asset.name,
        version: action.asset.version,
        client: checkOut ? action.clientId : null,
        status: checkOut ? 'registered' : 'deregistered',
      });
    }
    case 'linkTag': {
      const devices = [...new Set([...action.asset.devices.map((device) => device.id), action.deviceId])];
      return api.put<Asset>(`/api/assets/${action.asset.id}`, {
        name: action.asset.name,
        version: action.asset.version,
        devices,
      });
    }
  }
}
