import type { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { systemTenantContext } from '../../data/system-context';
import type { TenantContext } from '../../data/tenant-context';
import { heartbeatOf } from '../../devices/heartbeat';
import { queueGeocodeRequest } from '../../geocoding/geocode-request';
import { liveAssetChanged, liveDeviceChanged } from '../../live/publisher';
import { uplinkApplied } from '../../observability/product-metrics';
import { batchResponse } from '../../sqs-batch';
import { syncTimer } from '../../time-rules/timer-sync';
import { queueVisitChanges, visitChangeOf } from '../../visits/visit-events';
import { queueVisitWebhook } from '../../visits/visit-webhooks';
import { publishAlarms } from '../alarms/publish-alarms';
import { BatchCodecTime } from '../codecs/codec-budget';
import { decoderFor, type PayloadDecoder, runsCodec } from '../codecs/profile-decoder';
import type { DecodedPayload, NormalizedUplink, UplinkSource } from '../contracts';
import { DEFAULT_PAYLOAD_FORMAT, decodePayload } from '../decoders';
import { checkMeasuredAt } from '../plausibility';
import { type PositionScreen, screenPosition } from '../position-rule';
import { CODEC_LANE_WARNING, fromCodecLane, sendToCodecLane } from '../queue/codec-lane';
import { uplinkGroupIdOf } from '../queue/message-group';
import { isoTime, queuedUplinkSchema, UPLINK_SOURCES } from '../queue/queued-uplink-schema';
import { countRejections, foreignDevEuiReason, recordRejection } from '../rejections';
import { type Applied, applyEffects } from './apply';
import { fixTrackOf, isLate } from './fix-track';
import { type LoadedDevice, loadDevices } from './load';
import {
  afterHoursRulesOf,
  type BatchProfiles,
  batchProfiles,
  batteryRuleOf,
  payloadProfileOf,
  statusesOf,
  zonesOf,
} from './tenant-cache';
import { type PipelineAsset, type UplinkInput, uplinkEffects, type ZoneLookup } from './uplink-effects';

/**
 * One SQS batch (at most 10 uplinks): read the devices and assets once, then each message group's uplinks (a
 * tenant's uplinks for one DEVEUI) in queue order, the groups side by side. A failure fails that record and every later record of its group (FIFO
 * order must hold on redelivery); the others are reported done (ReportBatchItemFailures). An uplink whose
 * tenant has used its share of codec time (codecs/codec-budget.ts) goes to the codec lane with the rest of its
 * group, unrun (queue/codec-lane.ts).
 */
type Refused = { reason: string; devEui: string | null; source: UplinkSource };
type Parsed = { record: SQSRecord; uplink?: NormalizedUplink; refused?: Refused };

function parse(record: SQSRecord): Parsed {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    // recorded below as rejected
  }
  const fields: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
  // The rejection says which way in it came by when the message does.
  const source = UPLINK_SOURCES.find((known) => known === fields.source) ?? 'mqtt';
  const notQueued = { record, refused: { reason: 'Not a queued uplink', devEui: null, source } };
  if (typeof fields.devEui !== 'string' || !isoTime.safeParse(fields.measuredAt).success) return notQueued;
  // Messages queued in the older format carry no tenant: none is guessed (the DEVEUI claim is what was abused).
  if (typeof fields.tenant !== 'string' || fields.tenant === '') {
    const reason = 'Queued without the tenant its way in proved (the older message format)';
    return { record, refused: { reason, devEui: fields.devEui, source } };
  }
  const read = queuedUplinkSchema.safeParse(fields);
  return read.success ? { record, uplink: read.data } : notQueued;
}

export async function processBatch(records: SQSRecord[], logger?: Logger): Promise<SQSBatchResponse> {
  const parsed = records.map(parse);
  const devices = await loadDevices(parsed.flatMap((p) => (p.uplink ? [p.uplink.devEui] : [])));
  const groups = new Map<string, Parsed[]>();
  for (const p of parsed) {
    // The queue's group (tenant + DEVEUI, message-group.ts): one tenant's failure holds back only its own records.
    const group = p.record.attributes.MessageGroupId ?? (p.uplink ? uplinkGroupIdOf(p.uplink) : p.record.messageId);
    groups.set(group, [...(groups.get(group) ?? []), p]);
  }
  // The zone version is read once per tenant per batch, not per uplink.
  const perTenant = new Map<string, Promise<TenantData>>();
  const tenantData: TenantDataOf = (ctx) => {
    if (!perTenant.has(ctx.tenantId))
      perTenant.set(
        ctx.tenantId,
        Promise.all([zonesOf(ctx), statusesOf(ctx), afterHoursRulesOf(ctx)]).then(([zones, statuses, afterHours]) => ({
          zones,
          statuses,
          afterHours,
        })),
      );
    return perTenant.get(ctx.tenantId) as Promise<TenantData>;
  };
  // Each device's profile is read once per batch (batchProfiles in tenant-cache.ts).
  const profiles = batchProfiles();
  const codecTime = new BatchCodecTime({ lane: fromCodecLane(records) });
  const failures: string[] = [];
  const deferred: { record: SQSRecord; uplink: NormalizedUplink }[] = [];
  await Promise.all(
    [...groups.values()].map(async (group) => {
      for (const [i, p] of group.entries()) {
        try {
          if ((await processOne(p, devices, tenantData, profiles, codecTime)) === 'deferred') {
            // A record that is no uplink runs no codec: it is recorded as refused now, not sent on.
            for (const later of group.slice(i))
              if (later.uplink) deferred.push({ record: later.record, uplink: later.uplink });
              else await processOne(later, devices, tenantData, profiles, codecTime);
            return;
          }
        } catch (error) {
          logger?.error('Uplink failed; it and the rest of its group go back to the queue', error as Error);
          failures.push(...group.slice(i).map((later) => later.record.messageId));
          return;
        }
      }
    }),
  );
  // Not sent: back to their own queue as failures, to be run or deferred again when they come back.
  const unsent = await sendToCodecLane(deferred, (error) => logger?.error('The codec lane refused uplinks', error));
  // What the batch queued (live changes, webhook and bus events, metrics) leaves when the invocation ends
  // (functions/lib/effects/), one coalesced live message a channel for the whole batch.
  return batchResponse([...failures, ...unsent]);
}

type Checked =
  | { ok: true; decoded: DecodedPayload; uplink: NormalizedUplink; warnings: string[]; screen: PositionScreen }
  | { ok: false; reason: string };

/**
 * Check the time against the receive time, decode (when the way in did not) and screen the position against
 * the device's fix track (its last accepted fix and its last dropped one: fix-track.ts). Bytes that do not
 * decode refuse the uplink only when it carries nothing else (KPN's location and measurement records are taken
 * on their own, with the failure as a warning); a bad position is dropped, the uplink kept (position-rule.ts).
 */
export function checkUplink(uplink: NormalizedUplink, loaded: LoadedDevice, decode?: PayloadDecoder): Checked {
  const time = checkMeasuredAt(uplink.measuredAt, uplink.receivedAt);
  if (!time.ok) return { ok: false, reason: `Impossible time: ${time.reason}` };
  const warnings = [...(uplink.warnings ?? [])];
  let decoded: DecodedPayload = { ...uplink.decoded };
  if (uplink.payloadHex) {
    // The device profile's codec when it has one, else the uplink's format (tracker-v1 by default).
    const result = decode
      ? decode(uplink.payloadHex, uplink.fPort, new Date(uplink.receivedAt))
      : decodePayload(uplink.payloadFormat ?? DEFAULT_PAYLOAD_FORMAT, uplink.payloadHex, uplink.fPort);
    if (result.ok) {
      decoded = { ...decoded, ...result.value };
      warnings.push(...(result.warnings ?? []));
    } else if (!uplink.decoded && !uplink.networkFix)
      return { ok: false, reason: `Undecodable payload: ${result.reason}` };
    else warnings.push(`Payload not decoded: ${result.reason}`);
  }
  const candidates = [decoded.fix, uplink.networkFix];
  const screen = screenPosition(candidates, fixTrackOf(loaded), uplink.measuredAt, isLate(loaded, uplink.measuredAt));
  const { fix: _payloadFix, ...rest } = decoded;
  const { networkFix: _networkFix, ...plain } = uplink;
  return {
    ok: true,
    // The accepted fix only, as the payload's: uplink-effects reads `decoded.fix ?? uplink.networkFix`.
    decoded: screen.fix ? { ...rest, fix: screen.fix } : rest,
    uplink: plain,
    warnings: [...warnings, ...screen.warnings],
    screen,
  };
}

type TenantData = { zones: ZoneLookup; statuses: UplinkInput['statuses']; afterHours: UplinkInput['afterHours'] };
type TenantDataOf = (ctx: TenantContext) => Promise<TenantData>;

async function processOne(
  { record, uplink, refused }: Parsed,
  devices: Map<string, LoadedDevice>,
  tenantData: TenantDataOf,
  profiles: BatchProfiles,
  codecTime: BatchCodecTime,
): Promise<'deferred' | undefined> {
  const receivedAt = uplink?.receivedAt ?? new Date(Number(record.attributes.SentTimestamp)).toISOString();
  if (!uplink) {
    const { reason, devEui, source } = refused ?? { reason: 'Not a queued uplink', devEui: null, source: 'mqtt' };
    await recordRejection({ reason, source, devEui, receivedAt, raw: record.body });
    return;
  }
  const rejection = {
    source: uplink.source,
    devEui: uplink.devEui,
    receivedAt,
    measuredAt: uplink.measuredAt,
    raw: record.body,
  };
  const loaded = devices.get(uplink.devEui);
  if (!loaded) {
    await recordRejection({ ...rejection, reason: 'Unknown DEVEUI' });
    return;
  }
  // Ingest refuses these already; one can still come through while a claim moves (or the ingest's cached
  // answer is a minute old). Counted for the tenant that sent it, like the ingest's, in words that do not say
  // who holds the tag.
  if (loaded.ctx.tenantId !== uplink.tenant) {
    await countRejections(
      [{ ...rejection, reason: foreignDevEuiReason(uplink.devEui) }],
      systemTenantContext(uplink.tenant),
    );
    return;
  }
  const profile = await profiles.of(loaded.ctx, loaded.device);
  const payloadProfile = payloadProfileOf(loaded.ctx, profile);
  // Asked before the codec would compile or run: its tenant's share spent, the uplink waits in the lane instead.
  const codecRuns = Boolean(uplink.payloadHex) && runsCodec(payloadProfile);
  if (codecRuns && !codecTime.allows(loaded.ctx.tenantId)) return 'deferred';
  const checked = checkUplink(uplink, loaded, await decoderFor(payloadProfile, codecTime));
  if (checked.ok && codecRuns && codecTime.lane) checked.warnings.push(CODEC_LANE_WARNING);
  if (!checked.ok) {
    await recordRejection({ ...rejection, reason: checked.reason }, loaded.ctx);
    return;
  }
  const { zones, statuses, afterHours } = await tenantData(loaded.ctx);
  const effects = uplinkEffects({
    tenantId: loaded.ctx.tenantId,
    uplink: checked.uplink,
    decoded: checked.decoded,
    warnings: checked.warnings,
    screen: checked.screen,
    device: loaded.device,
    asset: loaded.asset,
    zones,
    statuses,
    battery: batteryRuleOf(profile),
    heartbeat: heartbeatOf(profile),
    afterHours,
  });
  // Before the writes: a failure after them redelivers an uplink whose state is already written, which
  // then raises nothing; the alarm handler drops a repeated event.
  if (effects.alarms.length > 0) await publishAlarms(effects.alarms);
  // Time rules: the asset's timer, only when a condition began, ended or restarted after a long one;
  // before the asset's update like the visits, so a retry after a failure in between writes it again (idempotent).
  if (effects.advancesState && effects.asset && loaded.asset)
    await syncTimer(loaded.ctx, loaded.asset, assetAfter(loaded.asset, effects.asset), effects.event.date);
  const applied = await applyEffects(loaded.ctx, effects, loaded.device, loaded.asset, loaded.dueKey);
  // Counted once: a replay (its event already written, docs/decisions/0174) counts nothing.
  if (applied.event) uplinkApplied(uplink.source, receivedAt);
  // After the writes, so the geocoder finds the event; best effort (geocoding/geocode-request.ts).
  if (effects.geocode && applied.event) queueGeocodeRequest(effects.geocode);
  announceVisits(loaded, applied);
  // The next uplink of this device in the batch starts from the state just written.
  if (applied.device) Object.assign(loaded.device, effects.device);
  loaded.dueKey = applied.dueKey;
  if (applied.asset && loaded.asset && effects.asset) {
    Object.assign(loaded.asset, effects.asset.set);
    if (effects.asset.remove?.includes('site')) delete loaded.asset.site;
    const summary = effects.asset.summary;
    const entry = summary ? loaded.asset.devices[summary.index] : undefined;
    if (summary && entry)
      Object.assign(entry, {
        is_sabotaged: summary.is_sabotaged,
        battery_level_low: summary.battery_level_low,
        ...(summary.is_silent === false ? { is_silent: false } : {}),
      });
  }
  publishLive(loaded, effects, applied);
}

/** The asset as the uplink's update leaves it (for the time-rule conditions). */
function assetAfter(asset: PipelineAsset, change: NonNullable<ReturnType<typeof uplinkEffects>['asset']>) {
  const after: PipelineAsset = { ...asset, ...change.set };
  for (const attribute of change.remove ?? []) delete after[attribute];
  return after;
}

/** After the writes: the zone-stock re-count (bus) and the tenant's webhooks hear of each visit written. */
function announceVisits(loaded: LoadedDevice, applied: Applied) {
  for (const visit of applied.visits) queueVisitWebhook(loaded.ctx, visit);
  queueVisitChanges(applied.visits.map((visit) => visitChangeOf(loaded.ctx.tenantId, visit)));
}

/** What the console shows changed: the asset's marker (position, status, level) and the device's flags. */
function publishLive(loaded: LoadedDevice, effects: ReturnType<typeof uplinkEffects>, applied: Applied) {
  if (applied.asset && loaded.asset) liveAssetChanged(loaded.ctx, undefined, loaded.asset);
  const flags = ['is_sabotaged', 'battery_level_low', 'is_silent'] as const;
  if (applied.device && flags.some((flag) => flag in effects.device))
    liveDeviceChanged(loaded.ctx, loaded.device.id, loaded.asset?.id ?? null);
}
