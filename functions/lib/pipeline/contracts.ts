import type { AlarmType } from '../../../shared/schemas/alarm';
import type { EventType } from '../../../shared/schemas/event';
import type { GeoZoneGeometry } from '../../../shared/schemas/geo-zone';

/**
 * The device event pipeline's contracts: what the ways in (IoT Core for LoRaWAN, the KPN Things webhook, MQTT)
 * hand to the queue, what a payload decoder answers, what the geofence module answers and what the processor
 * hands to the alarm side. Types only: each part lives in its own folder under functions/lib/pipeline/.
 */

/** Where a position came from: the tag's own fix, or the network's estimate from gateway timing/RSSI. */
export type PositionSource = 'gnss' | 'wifi' | 'network';

export interface Fix {
  latitude: number;
  longitude: number;
  /** Radius in metres within which the true position lies (the "accuracy"); undefined when unknown. */
  accuracy?: number;
  source: PositionSource;
}

/** What a payload decoder reads out of the uplink bytes. Every field is optional: tags send what they have. */
export interface DecodedPayload {
  eventType?: EventType;
  sabotaged?: boolean;
  batteryLow?: boolean;
  /** Volts, when the tag reports a voltage. */
  batteryVoltage?: number;
  /** Percent (0-100), when a codec reports a level: judged by a % profile's thresholds. */
  batteryPercent?: number;
  fix?: Fix;
}

/** `warnings`: what a profile's codec reported beside its data (kept on the event). */
export type DecodeResult = { ok: true; value: DecodedPayload; warnings?: string[] } | { ok: false; reason: string };

export type UplinkSource = 'lorawan' | 'kpn' | 'mqtt' | 'tts' | 'chirpstack';

/**
 * One uplink in one shape, whichever way it came in, as a way in's reader reads it from the body: before
 * the way in adds the tenant its credential proved (`NormalizedUplink`). The processor decodes
 * `payloadHex` with the decoder for `payloadFormat`; `decoded` (MQTT JSON tags, KPN measurement records) fills
 * what the bytes lack, the bytes win where both speak (`decodeUplink` in decoders/index.ts does exactly this).
 */
export interface ReadUplink {
  /** 16 upper-case hex digits (normalizeDevEui of shared/schemas/device.ts). */
  devEui: string;
  source: UplinkSource;
  /** When the tag measured / sent it (ISO 8601 UTC): KPN `bt`, LoRaWAN Timestamp, MQTT `time`. */
  measuredAt: string;
  /** When our way in received it (ISO 8601 UTC). */
  receivedAt: string;
  /** LoRaWAN frame counter when known: deduplication is DEVEUI + frame counter. */
  frameCounter?: number;
  fPort?: number;
  /** Which decoder reads payloadHex (functions/lib/pipeline/decoders/). */
  payloadFormat?: string;
  payloadHex?: string;
  /** Already decoded fields (MQTT JSON tags, KPN SenML measurement records). */
  decoded?: DecodedPayload;
  /** The network's geolocation (KPN locOrigin records), used when the payload carries no fix. */
  networkFix?: Fix;
  /** What the way in could not read but did not refuse the uplink for (a KPN payload record that is not hex). */
  warnings?: string[];
  /** Gateway metadata kept for diagnostics (ids, RSSI, SNR). */
  gateways?: { id: string; rssi?: number; snr?: number }[];
}

/**
 * The queue message body (JSON): a read uplink with the tenant its way in proved (docs/security.md, "Writing another
 * tenant's tags through one's own way in"). Required: the processor refuses an uplink whose DEVEUI another tenant
 * holds, and a message without it (the older queued format) is refused and recorded, never guessed.
 */
export interface NormalizedUplink extends ReadUplink {
  /** Tenant id: KPN, the destination's (its message token); MQTT and LoRaWAN, the DEVEUI claim's at ingest. */
  tenant: string;
}

/** A geo zone as the geofence module indexes it. */
export interface ZoneShape {
  id: number;
  name: string | null;
  geometry: GeoZoneGeometry;
}

/**
 * One fix tested against one zone, accuracy-aware: `inside` / `outside` only when the whole accuracy circle is
 * on that side of the border; `uncertain` when the circle straddles it.
 */
export type ZoneObservation = 'inside' | 'outside' | 'uncertain';

/** Per asset, kept on the asset item: whether it is in its own zone, with the hysteresis counter. */
export interface ZoneMembership {
  state: 'inside' | 'outside' | 'unknown';
  /** Consecutive confirming observations of the other side, not yet enough to switch. */
  pending: number;
  /** The zone the state is about: a state of another zone is unknown for this one (docs/geofencing.md). */
  zoneId?: number;
  /** When the state became `outside` (the first certain fix outside): the loan-day job's "outside at day end". */
  since?: string;
}

/**
 * Alarm kinds = alarm rule types (shared/schemas/alarm.ts: spec 000: 0 sabotage, 1 outside the geo zone, 2 battery
 * low; beyond it: 3 tag silent, raised by the silent-tag job; 4/5 zone stock; 6-9 time rules).
 */
export type AlarmKind = AlarmType;

/**
 * A state change the processor found (raised once per change, not per uplink). Sent to EventBridge as
 * a domain event (source `tracking.pipeline`, detail-type `AlarmRaised`); the alarm handler mails the
 * tenant's rules of that type.
 */
export interface AlarmRaised {
  tenantId: string;
  kind: AlarmKind;
  assetId: number | null;
  assetName: string | null;
  deviceId: number;
  deviceName: string | null;
  devEui: string;
  zoneId: number | null;
  zoneName: string | null;
  /** The uplink's measuredAt. */
  at: string;
  latitude: number | null;
  longitude: number | null;
  /**
   * Only this rule (a time rule fires per rule, each with its own duration); absent: every rule of the
   * kind with recipients.
   */
  ruleId?: number;
  /**
   * Placeholder values the event knows beyond the common ones (count, limit, duration, ...). A number
   * `duration` with its `duration_unit` is written in the mail's language (alarm-handler.ts).
   */
  values?: Partial<
    Record<'profile_name' | 'count' | 'limit' | 'duration' | 'duration_unit' | 'scheduled', string | number>
  >;
  /**
   * Zone stock (types 4/5): the asset profile definition whose count crossed a bound. With `zoneId`,
   * `assetId` null and `deviceId` 0 the zone owns the sent alarm (functions/lib/alarms/sent-alarms.ts).
   */
  profileId?: number;
}
