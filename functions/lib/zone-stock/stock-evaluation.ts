import { ALARM_TYPE_LABELS } from '../../../shared/schemas/alarm';
import type { StockState } from '../../../shared/schemas/zone-stock';
import { assetProfileDefinitionRepository } from '../asset-profiles/asset-profile-repository';
import type { TenantContext } from '../data/tenant-context';
import { geoZoneRepository } from '../geo-zones/geo-zone-repository';
import { publishAlarms } from '../pipeline/alarms/publish-alarms';
import type { AlarmRaised } from '../pipeline/contracts';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import { openVisitsOfZone } from './open-visits';
import { alarmKindOf, countByProfile, judgeZone, type StockJudgement, transitionsOf } from './stock-counts';
import { readStockLimits } from './stock-limits';
import { moveZoneState, readZoneStates } from './stock-states';

export interface ZoneStockOutcome {
  raised: { profile: number; kind: 4 | 5; count: number }[];
  cleared: { profile: number; from: StockState }[];
}

/**
 * Re-counts one zone per profile and moves each profile's alarm state: the target of the
 * ZoneVisitChanged rule (functions/pipeline/zone-stock.ts) and of a limits save. Raises AlarmRaised 4/5 for a
 * state that became below/above, queues `alarm.cleared` for one that ended; only for the state moves this
 * call won (stock-states.ts), so redeliveries and concurrent counts raise once per change. A failed hand-over
 * to the bus puts the states back and throws, so the retry raises what was lost.
 * The caller flushes the webhook events.
 */
export async function evaluateZoneStock(ctx: TenantContext, zoneId: number, at: string): Promise<ZoneStockOutcome> {
  const outcome: ZoneStockOutcome = { raised: [], cleared: [] };
  const zone = await geoZoneRepository.get(ctx, zoneId);
  if (!zone) return outcome;
  const [limits, visits, stored] = await Promise.all([
    readStockLimits(ctx, zoneId, true),
    openVisitsOfZone(ctx, zoneId),
    readZoneStates(ctx, zoneId),
  ]);
  const counts = countByProfile(visits.visits);
  const names = await profileNames(
    ctx,
    limits.limits.map((l) => l.profile).filter((id) => !counts.has(id)),
  );
  const judged = judgeZone(counts, limits.limits, names);
  const byProfile = new Map(judged.map((j) => [j.profile, j]));
  const storedStates = new Map([...stored].map(([profile, s]) => [profile, s.state]));
  const alarms: AlarmRaised[] = [];
  const undo: (() => Promise<boolean>)[] = [];
  for (const transition of transitionsOf(storedStates, judged)) {
    const judgement = byProfile.get(transition.profile);
    const count = judgement?.count ?? counts.get(transition.profile)?.count ?? 0;
    const move = { zoneId, ...transition, count, at };
    if (!(await moveZoneState(ctx, move))) continue;
    const kind = alarmKindOf(transition.to);
    if (kind !== null && judgement) {
      alarms.push(stockAlarm(ctx, zone, judgement, kind, at));
      outcome.raised.push({ profile: transition.profile, kind, count });
      undo.push(() => moveZoneState(ctx, { ...move, from: transition.to, to: transition.from }));
    }
    const clearedKind = alarmKindOf(transition.from);
    if (clearedKind !== null) {
      const raisedAt = stored.get(transition.profile)?.since ?? at;
      queueWebhookEvent(ctx, 'alarm.cleared', clearedData(zone, clearedKind, raisedAt, at), at);
      outcome.cleared.push({ profile: transition.profile, from: transition.from });
    }
  }
  try {
    await publishAlarms(alarms);
  } catch (error) {
    await Promise.all(undo.map((step) => step()));
    throw error;
  }
  return outcome;
}

async function profileNames(ctx: TenantContext, ids: number[]): Promise<Map<number, string>> {
  const found = await Promise.all(ids.map((id) => assetProfileDefinitionRepository.get(ctx, id)));
  return new Map(found.flatMap((definition) => (definition ? [[definition.id, definition.name] as const] : [])));
}

type ZoneRef = { id: number; name: string | null };

/** No asset and no tag: the zone and the profile own the alarm (the alarm handler records it on the zone). */
function stockAlarm(ctx: TenantContext, zone: ZoneRef, judged: StockJudgement, kind: 4 | 5, at: string): AlarmRaised {
  return {
    tenantId: ctx.tenantId,
    kind,
    assetId: null,
    assetName: null,
    deviceId: 0,
    deviceName: null,
    devEui: '',
    zoneId: zone.id,
    zoneName: zone.name ?? null,
    at,
    latitude: null,
    longitude: null,
    profileId: judged.profile,
    values: { profile_name: judged.profileName ?? '-', count: judged.count, limit: judged.limit ?? '-' },
  };
}

/** The `alarm.cleared` payload of the rental contract: the raised shape plus `clearedAt`. */
const clearedData = (zone: ZoneRef, kind: 4 | 5, raisedAt: string, clearedAt: string) => ({
  alarm: { type: kind, name: ALARM_TYPE_LABELS[kind] },
  asset: null,
  device: null,
  zone: { id: zone.id, name: zone.name ?? null },
  customer: null,
  at: raisedAt,
  clearedAt,
});
