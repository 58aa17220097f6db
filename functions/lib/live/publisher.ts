import {
  APPSYNC_PUBLISH_MAX_EVENTS,
  clientChannel,
  type LiveChange,
  type LiveEvent,
  leasedChannel,
  leaseOf,
  staffChannel,
  userChannel,
} from '../../../shared/schemas/live';
import { markerOf } from '../assets/asset-map';
import type { AssetRecord } from '../assets/asset-repository';
import { chunksOf } from '../chunks';
import type { TenantContext } from '../data/tenant-context';
import { type EffectKind, queueEffect } from '../effects/effects';
import { localServiceConfig } from '../local-endpoints';
import { newCursor, writeChangeLog } from './change-log';
import { Coalescer, changeKey } from './coalescer';
import { lambdaCredentials, type SigningCredentials, signAppSyncRequest } from './sigv4';

/**
 * The live publisher (docs/decisions/0258-live-push-with-appsync-events-channels-lambda-authorizer-iam-publish.md). Writers call the `live*`
 * functions after their writes; the changes wait in the invocation's effects context (functions/lib/effects/),
 * which sends them when the invocation ends: coalesced per channel (coalescer.ts), each message gets a cursor
 * and a change-log item (change-log.ts), then it is
 * POSTed to AppSync Events signed with the function's IAM role (locally: the stand-in with local credentials).
 * A failed publish never fails the write that caused it: it is logged and counted (metric LivePublishFailed).
 */

/** Below AppSync's 240 KB per event, with room for the envelope. */
const EVENT_BUDGET_BYTES = 200 * 1024;
const PUBLISH_TIMEOUT_MS = 3_000;
const minIntervalMs = () => Number(process.env.LIVE_MIN_INTERVAL_MS ?? 1000);

function publishTarget(): { url: string; region: string; credentials?: SigningCredentials } | undefined {
  const local = localServiceConfig('LIVE_ENDPOINT');
  if ('endpoint' in local) return { url: local.endpoint, region: local.region, credentials: local.credentials };
  const url = process.env.LIVE_EVENTS_URL;
  return url ? { url, region: local.region, credentials: lambdaCredentials() } : undefined;
}

/** One line in CloudWatch's embedded metric format: a metric without a metrics library. */
function countFailure(channel: string, reason: string) {
  console.warn(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [
          { Namespace: 'Tracking/Live', Dimensions: [[]], Metrics: [{ Name: 'LivePublishFailed', Unit: 'Count' }] },
        ],
      },
      LivePublishFailed: 1,
      note: 'Live publish failed; the change log still has it (the console catches up by its cursor)',
      channel,
      reason,
    }),
  );
}

/** Changes split into events of at most EVENT_BUDGET_BYTES each. */
export const chunkChanges = (changes: LiveChange[], budget = EVENT_BUDGET_BYTES): LiveChange[][] =>
  chunksOf(changes, { maxBytes: budget }, (change) => Buffer.byteLength(JSON.stringify(change)) + 1);

async function post(channel: string, events: string[]): Promise<void> {
  const target = publishTarget();
  if (!target) return; // push not configured (unit tests, a stage without it): the change log still serves the delta
  if (!target.credentials) return countFailure(channel, 'no credentials');
  const url = new URL(target.url);
  // On the wire, the view's channel of the lease of this moment: a subscription of an earlier lease hears no more
  // (shared/schemas/live.ts). Taken at the POST, not when the change was queued, so a coalesced message is not
  // sent to a lease that ended while it waited.
  const body = JSON.stringify({ channel: leasedChannel(channel, leaseOf(Date.now())), events });
  const headers = await signAppSyncRequest(
    { method: 'POST', url, headers: { 'content-type': 'application/json' }, body },
    target.credentials,
    target.region,
  );
  const { host: _host, ...sent } = headers;
  const response = await fetch(url, {
    method: 'POST',
    headers: sent,
    body,
    signal: AbortSignal.timeout(PUBLISH_TIMEOUT_MS),
  });
  if (!response.ok) return countFailure(channel, `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const answer = (await response.json().catch(() => ({}))) as { failed?: unknown[] };
  if (answer.failed?.length) countFailure(channel, `${answer.failed.length} events failed`);
}

async function send(channel: string, changes: LiveChange[]): Promise<void> {
  const events: string[] = [];
  for (const chunk of chunkChanges(changes)) {
    const cursor = newCursor();
    // Logged before it is sent: a console that missed the message finds it by its cursor.
    await writeChangeLog(channel, cursor, chunk).catch((error: Error) =>
      countFailure(channel, `change log: ${error.message}`),
    );
    events.push(JSON.stringify({ v: 1, cursor, changes: chunk } satisfies LiveEvent));
  }
  for (let i = 0; i < events.length; i += APPSYNC_PUBLISH_MAX_EVENTS) {
    await post(channel, events.slice(i, i + APPSYNC_PUBLISH_MAX_EVENTS)).catch((error: Error) =>
      countFailure(channel, error.message),
    );
  }
}

/**
 * The process's sender: it keeps each channel to one message per interval across the invocations of the process
 * (the local stack runs many side by side). It holds changes only while a flush sends them.
 */
let coalescer: Coalescer | undefined;
const sender = () => {
  coalescer ??= new Coalescer({ minIntervalMs: minIntervalMs(), send });
  return coalescer;
};

/** An invocation's changes per channel; a later change of the same thing replaces the earlier one. */
type LiveState = Map<string, Map<string, LiveChange>>;

export const LIVE: EffectKind<{ channel: string; change: LiveChange }, LiveState> = {
  name: 'live',
  start: () => new Map(),
  add: (channels, { channel, change }) => {
    let changes = channels.get(channel);
    if (!changes) {
      changes = new Map();
      channels.set(channel, changes);
    }
    const key = changeKey(change);
    // Re-inserted so the message lists changes in the order they last happened.
    changes.delete(key);
    changes.set(key, change);
  },
  // Waits only for this invocation's channels, never for what other work of the process queued.
  send: async (channels) => {
    for (const [channel, changes] of channels) sender().add(channel, [...changes.values()]);
    await sender().flush(new Set(channels.keys()));
  },
};

const publish = (channel: string, change: LiveChange) => queueEffect(LIVE, { channel, change });

type AssetScope = Pick<AssetRecord, 'id' | 'client'>;

/**
 * An asset was created, changed or deleted (`after` undefined). The staff channel gets its staff marker; its
 * customer's channel the client view's marker; a customer it left gets `removed` (no other customer's asset
 * id, name or position ever reaches a client channel).
 */
export function liveAssetChanged(ctx: TenantContext, before: AssetScope | undefined, after: AssetRecord | undefined) {
  const id = after?.id ?? before?.id;
  if (id === undefined) return;
  publish(staffChannel(ctx.tenantId), after ? { t: 'asset', id, m: markerOf(after) ?? null } : { t: 'removed', id });
  const newClient = after?.client?.id;
  const oldClient = before?.client?.id;
  if (newClient) publish(clientChannel(ctx.tenantId, newClient), { t: 'asset', id, m: markerOf(after, true) ?? null });
  if (oldClient && oldClient !== newClient) publish(clientChannel(ctx.tenantId, oldClient), { t: 'removed', id });
}

/** A device's flags changed (sabotage, battery, silence): the staff channel only (devices are staff screens). */
export function liveDeviceChanged(ctx: TenantContext, deviceId: number, assetId: number | null) {
  publish(staffChannel(ctx.tenantId), { t: 'device', id: deviceId, asset: assetId });
}

/** An alarm was raised or acknowledged: staff, and the customer of its asset when the asset has one. */
export function liveAlarm(
  ctx: TenantContext,
  alarm: { id: string; asset: number | null; ack: boolean },
  clientId?: number | null,
) {
  const change: LiveChange = { t: 'alarm', ...alarm };
  publish(staffChannel(ctx.tenantId), change);
  if (clientId) publish(clientChannel(ctx.tenantId, clientId), change);
}

/** An export job finished: only its starter hears it. */
export function liveExportFinished(tenantId: string, userId: number, jobId: string, state: 'done' | 'failed') {
  publish(userChannel(tenantId, userId), { t: 'export', id: jobId, state });
}
