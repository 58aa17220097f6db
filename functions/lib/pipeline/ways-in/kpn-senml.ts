import { z } from 'zod';
import type { DecodedPayload, Fix } from '../contracts';
import { DEFAULT_PAYLOAD_FORMAT } from '../decoders';
import { normalizeHex } from '../decoders/hex';
import { refuse, toDevEui, toIsoDate, type WayInResult } from './result';

/**
 * KPN Things SenML (integrations.md 1.1): records read by name, never by position. A record's base name and
 * base time carry over to the records after it (RFC 8428); its time is `bt + t`.
 */
const recordSchema = z.object({
  bn: z.string().optional(),
  bt: z.number().optional(),
  n: z.string().optional(),
  u: z.string().optional(),
  v: z.number().optional(),
  vs: z.string().optional(),
  vb: z.boolean().optional(),
  t: z.number().optional(),
});
const recordsSchema = z.array(recordSchema).min(1);
type SenmlRecord = z.infer<typeof recordSchema>;

const MIN_EPOCH_SECONDS = 946_684_800;
const BASE_NAME = /^urn:dev:DEVEUI:([0-9A-Fa-f]{1,16}):?$/;

export interface KpnReading {
  devEui: string;
  measuredAt: string;
  payloadHex?: string;
  /** KPN's SenML names no port in its documented samples; a `port`/`fPort` record is taken when present. */
  fPort?: number;
  networkFix?: Fix;
  decoded?: DecodedPayload;
  /** A record kept out without refusing the rest (a payload that is not hex). */
  warnings?: string[];
}

export type KpnReadResult = { ok: true; value: KpnReading } | { ok: false; reason: string };

interface Resolved {
  devEui: string | null;
  time: number | undefined;
  byName: Map<string, SenmlRecord>;
}

function resolveRecords(records: SenmlRecord[]): Resolved | string {
  const resolved: Resolved = { devEui: null, time: undefined, byName: new Map() };
  // Records before the first base time take it too: KPN sends one device and one bt per message, and a
  // reordered array must read the same.
  let baseTime = records.find((record) => record.bt !== undefined)?.bt;
  for (const record of records) {
    if (record.bn !== undefined) {
      const eui = BASE_NAME.exec(record.bn)?.[1];
      if (!eui) return `Base name "${record.bn}" is not urn:dev:DEVEUI:<DEVEUI>:`;
      const devEui = toDevEui(eui);
      if (resolved.devEui && resolved.devEui !== devEui) return 'Records of more than one DEVEUI in one message';
      resolved.devEui = devEui;
    }
    if (record.bt !== undefined) baseTime = record.bt;
    if (resolved.time === undefined && baseTime !== undefined) resolved.time = baseTime;
    // The first record of a name wins: KPN sends each measurement once per message.
    if (record.n && !resolved.byName.has(record.n)) {
      const time = baseTime === undefined && record.t === undefined ? undefined : (baseTime ?? 0) + (record.t ?? 0);
      resolved.byName.set(record.n, { ...record, t: time });
    }
  }
  return resolved;
}

function readFix(byName: Map<string, SenmlRecord>): Fix | string | undefined {
  const latitude = byName.get('latitude')?.v;
  const longitude = byName.get('longitude')?.v;
  if (latitude === undefined && longitude === undefined) return undefined;
  if (latitude === undefined || longitude === undefined) return 'A latitude record without a longitude, or the reverse';
  const radius = byName.get('radius')?.v;
  // locOrigin marks KPN's network geolocation; without it the position is the device's own decoded fix.
  const source = byName.has('locOrigin') ? 'network' : 'gnss';
  return { latitude, longitude, ...(radius === undefined ? {} : { accuracy: radius }), source };
}

function readMeasurements(byName: Map<string, SenmlRecord>): DecodedPayload {
  const decoded: DecodedPayload = {};
  const voltage = byName.get('batteryVoltage')?.v;
  if (voltage !== undefined) decoded.batteryVoltage = voltage;
  const sabotaged = byName.get('sabotaged')?.vb;
  if (sabotaged !== undefined) decoded.sabotaged = sabotaged;
  const batteryLow = byName.get('batteryLow')?.vb;
  if (batteryLow !== undefined) decoded.batteryLow = batteryLow;
  // A motion indication (LocationTag decoders, integrations.md 1.1): a boolean, or 1/0.
  const motion = byName.get('motion') ?? byName.get('moving');
  const moving = motion?.vb ?? (motion?.v === undefined ? undefined : motion.v !== 0);
  if (moving !== undefined) decoded.eventType = moving ? 'moving' : 'still';
  return decoded;
}

export function readKpnSenml(records: unknown): KpnReadResult {
  const parsed = recordsSchema.safeParse(records);
  if (!parsed.success) return refuse('The body is not a SenML array of records');
  const resolved = resolveRecords(parsed.data);
  if (typeof resolved === 'string') return refuse(resolved);
  const { devEui, byName } = resolved;
  if (!devEui) return refuse('No base name urn:dev:DEVEUI:<DEVEUI>: in the records');
  const payloadRecord = byName.get('payload') ?? byName.get('payloadHex');
  const time = payloadRecord?.t ?? resolved.time;
  if (time === undefined) return refuse('No base time (bt) in the records');
  // SenML times below 2^28 are relative to "now" (RFC 8428 4.5.3); KPN sends absolute epoch seconds.
  const measuredAt = time >= MIN_EPOCH_SECONDS ? toIsoDate(time * 1000) : null;
  if (!measuredAt) return refuse(`Time ${time} is not epoch seconds after 2000`);
  const reading: KpnReading = { devEui, measuredAt };
  if (payloadRecord) {
    const hex = normalizeHex(payloadRecord.vs ?? '');
    // Kept out, not refused: KPN's location and measurement records beside it still say where and how it is.
    if (hex === null) reading.warnings = ['Payload not decoded: the payload record is not hexadecimal'];
    else reading.payloadHex = hex;
    const port = (byName.get('port') ?? byName.get('fPort'))?.v;
    if (port !== undefined && Number.isInteger(port) && port >= 1 && port <= 223) reading.fPort = port;
  }
  const fix = readFix(byName);
  if (typeof fix === 'string') return refuse(fix);
  const decoded = readMeasurements(byName);
  if (fix?.source === 'network') reading.networkFix = fix;
  else if (fix) decoded.fix = fix;
  if (Object.keys(decoded).length > 0) reading.decoded = decoded;
  if (!reading.payloadHex && !reading.networkFix && !reading.decoded) {
    return refuse(
      reading.warnings ? 'The payload record is not hexadecimal' : 'No payload, position or measurement record',
    );
  }
  return { ok: true, value: reading };
}

/** The KPN webhook's body as queued uplinks. `payloadFormat` is the device's format (default tracker-v1). */
export function fromKpnSenml(
  records: unknown,
  receivedAt: string,
  payloadFormat = DEFAULT_PAYLOAD_FORMAT,
): WayInResult {
  const read = readKpnSenml(records);
  if (!read.ok) return read;
  const { payloadHex, ...rest } = read.value;
  return {
    ok: true,
    uplinks: [{ ...rest, source: 'kpn', receivedAt, ...(payloadHex ? { payloadHex, payloadFormat } : {}) }],
  };
}
