import { ApiError } from '../api/ApiError';
import { apiRequest } from '../api/apiClient';
import { isConflict } from '../common/conflict/conflicts';
import { getSessionState } from '../session/sessionStore';
import { selectedTenantId } from '../tenants/selectedTenant';
import { offlineDb, type QueuedAction } from './offlineDb';

/**
 * The queue of actions made on this device (docs/decisions/0330-offline-actions-queued-on-the-device-sent-once-with-an-idempotency-key.md):
 * kept in IndexedDB, sent oldest first, each with its Idempotency-Key and the version it was made on. Sending
 * stops at the first action that cannot go now: no answer (offline: it waits), a conflict (the user chooses,
 * QueuedConflictDialog), while an action the server refused is marked failed for the user to drop and the
 * rest go on. Other screens queue through `enqueueAction`; its route must be `idempotent` on the server.
 */
export interface NewAction {
  route: string;
  method?: 'PUT' | 'POST';
  path: string;
  body?: Record<string, unknown> | null;
  version?: number | null;
  assetId?: number | null;
  subject?: string;
  seen?: Record<string, string>;
  made?: Record<string, string>;
  kind?: string;
}

/** What the list and the sent notice call an action: its kind's name, else its route's last part's. */
export const actionName = (t: (key: string, options: { defaultValue: string }) => string, action: QueuedAction) =>
  t(`action.${action.kind ?? action.route.split('.').pop()}`, { defaultValue: action.route });

type SentListener = (action: QueuedAction, answer: unknown) => void;

let snapshot: readonly QueuedAction[] = [];
const listeners = new Set<() => void>();
const sentListeners = new Set<SentListener>();
// Another tab of this console changed the queue: read it again (a tab's list stays true to the device's).
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('offline-queue');
if (tabs) tabs.onmessage = () => void reload(false);

/** The signed-in user's own actions only: `<tenant>:<user>`, the tenant a super admin switched to included. */
export function currentOwner(): string | null {
  const { status, session } = getSessionState();
  const user = session?.user;
  if (status === 'signedOut' || !user) return null;
  return `${selectedTenantId() ?? user.tenant?.id ?? 0}:${user.id}`;
}

async function reload(tellOtherTabs = true) {
  const owner = currentOwner();
  const all = await (await offlineDb()).getAll('actions');
  snapshot = all.filter((action) => action.owner === owner).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const listener of listeners) listener();
  if (tellOtherTabs) tabs?.postMessage('changed');
}

export const queuedActions = () => snapshot;

export function subscribeToQueue(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) void reload(false);
  return () => listeners.delete(listener);
}

/** Told of every action the server took: the screens refresh what it changed. */
export function onActionSent(listener: SentListener) {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

async function change(id: string, patch: Partial<QueuedAction>) {
  const db = await offlineDb();
  const action = await db.get('actions', id);
  if (action) await db.put('actions', { ...action, ...patch });
  await reload();
}

/** Queues an action and starts sending: online it goes at once, offline when the connection returns. */
export async function enqueueAction(input: NewAction): Promise<QueuedAction> {
  const owner = currentOwner();
  if (!owner) throw new Error('enqueueAction needs a signed-in user');
  const action: QueuedAction = {
    id: crypto.randomUUID(),
    route: input.route,
    method: input.method ?? 'PUT',
    path: input.path,
    body: input.body ?? null,
    version: input.version ?? null,
    assetId: input.assetId ?? null,
    subject: input.subject ?? '',
    seen: input.seen ?? {},
    ...(input.made ? { made: input.made } : {}),
    ...(input.kind ? { kind: input.kind } : {}),
    owner,
    createdAt: new Date().toISOString(),
    state: 'pending',
  };
  await (await offlineDb()).put('actions', action);
  await reload();
  void flushQueue();
  return action;
}

/** Drops an action unsent: a refused one, or a conflict the user resolved by taking theirs. */
export async function dropAction(id: string) {
  await (await offlineDb()).delete('actions', id);
  await reload();
  void flushQueue();
}

/**
 * A conflict the user resolved by acting again on the entity as it is now: its new version, and the body's
 * fields the action does not mean to change taken as they are now (`current`), then send.
 */
export async function redoAction(id: string, version: number, current: Record<string, unknown> = {}) {
  const action = await (await offlineDb()).get('actions', id);
  const body = action?.body ? { ...action.body, ...current } : null;
  await change(id, { version, body, state: 'pending' });
  await flushQueue();
}

type Outcome = 'next' | 'stop';

/** The status of a send that says nothing about the action: it waits and is sent again later. */
const isUnanswered = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 401 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

async function send(action: QueuedAction): Promise<Outcome> {
  await change(action.id, { state: 'sending' });
  const body = { ...action.body, ...(action.version === null ? {} : { version: action.version }) };
  try {
    const answer = await apiRequest(action.path, {
      method: action.method,
      body,
      headers: { 'Idempotency-Key': action.id },
    });
    await (await offlineDb()).delete('actions', action.id);
    await reload();
    for (const listener of sentListeners) listener(action, answer);
    return 'next';
  } catch (error) {
    if (isUnanswered(error)) {
      await change(action.id, { state: 'pending' });
      return 'stop';
    }
    if (isConflict(error)) {
      await change(action.id, { state: 'conflict' });
      return 'stop';
    }
    await change(action.id, { state: 'failed', error: (error as ApiError).message });
    return 'next';
  }
}

async function sendInOrder() {
  await reload(false);
  for (const action of snapshot) {
    if (action.state === 'failed') continue;
    // An action after a conflict may depend on it (a later report of the same asset): all wait for the choice.
    if (action.state === 'conflict' || (await send(action)) === 'stop') return;
  }
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Sends what waits, once at a time in this tab and, through a Web Lock, across the device's tabs (two tabs
 * sending one action would meet the server's "still being processed").
 */
export function flushQueue(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  const locked = (work: () => Promise<void>) =>
    navigator.locks ? navigator.locks.request('offline-queue', work) : work();
  running = (async () => {
    do {
      again = false;
      if (navigator.onLine && currentOwner()) await locked(sendInOrder);
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** After sign-out: the list shows nothing of the previous user. */
export function forgetQueue() {
  snapshot = [];
  for (const listener of listeners) listener();
}
