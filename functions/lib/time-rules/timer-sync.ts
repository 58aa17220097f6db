import { ALARM_TYPE_LABELS } from '../../../shared/schemas/alarm';
import type { TenantContext } from '../data/tenant-context';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import { conditionStarts, type Fired, type TimerAsset, type TimeType, timerWriteNeeded } from './conditions';
import { deleteTimer, firedOf, writeTimer } from './timer-store';

/** What the cleared event names of an asset. */
export type ClearedAsset = TimerAsset & { id: number; name?: string | null; client?: { id: number } | null };

/**
 * `alarm.cleared` (rental contract) for each fired condition that ended or restarted: the alarm's type and
 * English name, the asset, its customer, the zone the condition was about, when it was raised and cleared.
 */
export function queueCleared(
  ctx: TenantContext,
  asset: ClearedAsset,
  cleared: { type: TimeType; entry: NonNullable<Fired[TimeType]> }[],
  clearedAt: string,
) {
  for (const { type, entry } of cleared) {
    const zone =
      type === 8 && asset.site
        ? { id: asset.site.zoneId, name: asset.site.zoneName ?? null }
        : type === 6 || type === 9
          ? asset.geo_zone
            ? { id: asset.geo_zone.id, name: asset.geo_zone.name ?? null }
            : null
          : null;
    queueWebhookEvent(
      ctx,
      'alarm.cleared',
      {
        alarm: { type, name: ALARM_TYPE_LABELS[type] },
        asset: { id: asset.id, name: asset.name ?? null },
        device: null,
        zone,
        customer: asset.client ? { id: asset.client.id } : null,
        at: entry.at,
        clearedAt,
      },
      clearedAt,
    );
  }
}

/**
 * A writer's hook (processor after its asset update, asset saves after theirs): compares the asset's conditions
 * before and after and writes the timer only when they began, ended or restarted after a long one
 * (conditions.ts `timerWriteNeeded`); nothing on the common path. Answers whether it wrote.
 */
export async function syncTimer(
  ctx: TenantContext,
  before: ClearedAsset | undefined,
  after: ClearedAsset | undefined,
  at: string,
): Promise<boolean> {
  const was = before ? conditionStarts(before) : {};
  const is = after ? conditionStarts(after) : {};
  if (!timerWriteNeeded(was, is)) return false;
  const asset = (after ?? before) as ClearedAsset;
  const old = await writeTimer(ctx, asset.id, was, is);
  const fired = firedOf(old);
  const cleared = (Object.keys(fired).map(Number) as TimeType[])
    .filter((type) => was[type] !== is[type] && fired[type]?.start !== is[type])
    .map((type) => ({ type, entry: fired[type] as NonNullable<Fired[TimeType]> }));
  // The zone of a site that ended is the one before.
  queueCleared(ctx, { ...asset, site: before?.site ?? asset.site }, cleared, at);
  return true;
}

/** A deleted asset: its timer goes, and what it had fired clears. */
export async function removeTimer(ctx: TenantContext, asset: ClearedAsset, at: string): Promise<void> {
  const fired = firedOf(await deleteTimer(ctx, asset.id));
  const cleared = (Object.keys(fired).map(Number) as TimeType[]).map((type) => ({
    type,
    entry: fired[type] as NonNullable<Fired[TimeType]>,
  }));
  queueCleared(ctx, asset, cleared, at);
}
