import type { Asset } from '@shared/schemas/asset';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What the console keeps on the device for working without network (docs/decisions/0330-offline-actions-queued-on-the-device-sent-once-with-an-idempotency-key.md),
 * in one IndexedDB database: the actions waiting to be sent, and the last answer of each asset page opened.
 * Both are the signed-in user's: every record names its owner (tenant and user), and sign-out clears them all.
 */
export type QueuedActionState = 'pending' | 'sending' | 'conflict' | 'failed';

export interface QueuedAction {
  /** A UUID, sent as the Idempotency-Key: a send again after a lost answer is never applied twice. */
  id: string;
  /** The route's id (shared/api/), which names the action in the list: `assets.delivered`. */
  route: string;
  method: 'PUT' | 'POST';
  path: string;
  body: Record<string, unknown> | null;
  /** The entity's version the user acted on, sent as `version`: a change made meanwhile answers 409. */
  version: number | null;
  assetId: number | null;
  /** What the list calls the entity (its name as the user saw it): data, not translated. */
  subject: string;
  /** The entity's fields as the user saw them, for the conflict dialog's "what they changed". */
  seen: Record<string, string>;
  /** The fields as the action sets them (the conflict dialog's "yours"), where the route does not say. */
  made?: Record<string, string>;
  /** Names the action where its route does not (one update route, several actions): `offline` `action.<kind>`. */
  kind?: string;
  owner: string;
  createdAt: string;
  state: QueuedActionState;
  /** The server's message of a refused send (state failed). */
  error?: string;
}

export interface KeptAsset {
  /** `<owner>#<assetId>`. */
  key: string;
  owner: string;
  asset: Asset;
  savedAt: string;
}

interface OfflineSchema extends DBSchema {
  actions: { key: string; value: QueuedAction };
  assets: { key: string; value: KeptAsset };
}

const DB_NAME = 'tracking-offline';
let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('actions', { keyPath: 'id' });
      db.createObjectStore('assets', { keyPath: 'key' });
    },
  });
  return opened;
}

/** Sign-out: nothing of this user stays on the device (docs/security.md). */
export async function clearOfflineData(): Promise<void> {
  const db = await offlineDb();
  await Promise.all([db.clear('actions'), db.clear('assets')]);
}
