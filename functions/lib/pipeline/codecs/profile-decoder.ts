import type { FieldPaths } from '../../../../shared/schemas/device-profile';
import type { DecodedPayload, DecodeResult } from '../contracts';
import { DEFAULT_PAYLOAD_FORMAT, decodePayload } from '../decoders';
import { compiledCodec, release, STRIKES, struckOut, tenantOfKey } from './codec-cache';
import { type Mapped, mapDecodedData } from './mapping';
import { type CodecOutput, CompiledCodec } from './sandbox';

/** What the pipeline needs of a device's profile to decode its bytes (functions/lib/pipeline/processor). */
export interface PayloadProfile {
  /** codec-cache key: tenant, profile id and version. */
  key: string;
  codec: string | null;
  field_paths: FieldPaths;
}

export type PayloadDecoder = (payloadHex: string, fPort: number | undefined, recvTime: Date) => DecodeResult;

const hexBytes = (hex: string) => (hex.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16));

/** Mapped fields -> the pipeline's DecodedPayload (a position is a GNSS fix: codecs decode the tag's own). */
export function decodedPayloadOf(mapped: Mapped): DecodedPayload {
  const decoded: DecodedPayload = {};
  if (mapped.latitude !== null && mapped.longitude !== null) {
    decoded.fix = { latitude: mapped.latitude, longitude: mapped.longitude, source: 'gnss' };
    if (mapped.accuracy !== null) decoded.fix.accuracy = mapped.accuracy;
  }
  if (mapped.battery_voltage !== null) decoded.batteryVoltage = mapped.battery_voltage;
  if (mapped.battery_percent !== null) decoded.batteryPercent = mapped.battery_percent;
  if (mapped.sabotaged !== null) decoded.sabotaged = mapped.sabotaged;
  if (mapped.event_type !== null) decoded.eventType = mapped.event_type as DecodedPayload['eventType'];
  return decoded;
}

/** Runs a compiled codec once; never throws (the sandbox turns every failure into `errors`). */
export function runCodec(codec: CompiledCodec, bytes: number[], fPort: number, recvTime: Date): CodecOutput {
  return codec.decode({ bytes, fPort, recvTime });
}

/** Whether decoding with the profile runs tenant code, and so costs codec time (codec-budget.ts). */
export const runsCodec = (profile: PayloadProfile | undefined): profile is PayloadProfile & { codec: string } =>
  Boolean(profile?.codec) && !struckOut(profile?.key ?? '');

/** Where the codec time of compiles and runs is charged (BatchCodecTime, per tenant). */
export interface CodecTimeCharge {
  charge(tenantId: string, ms: number): void;
}

/**
 * The decoder of a profile: the built-in tracker-v1 layout without a codec, else the profile's codec compiled
 * (or taken from the cache). A codec that does not compile, throws, loops, runs out of memory or answers too
 * much is a reason for that uplink only. The compile's and each run's time are charged to the profile's tenant.
 */
export async function decoderFor(profile: PayloadProfile | undefined, time?: CodecTimeCharge): Promise<PayloadDecoder> {
  if (!profile?.codec) return (hex, fPort) => decodePayload(DEFAULT_PAYLOAD_FORMAT, hex, fPort);
  if (struckOut(profile.key)) {
    const reason = `Codec error: the profile's codec hit its limits ${STRIKES} times; fix it and save the profile`;
    return () => ({ ok: false, reason });
  }
  const tenantId = tenantOfKey(profile.key);
  const { codec: compiled, compileMs } = await compiledCodec(profile.key, profile.codec);
  if (compileMs > 0) time?.charge(tenantId, compileMs);
  if (!(compiled instanceof CompiledCodec)) {
    const reason = `The profile's codec does not compile: ${compiled.error}`;
    return () => ({ ok: false, reason });
  }
  return (hex, fPort, recvTime) => {
    if (fPort === 0) return { ok: false, reason: 'Port 0 carries MAC commands, no application payload' };
    if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return { ok: false, reason: 'The payload is not hexadecimal' };
    const started = performance.now();
    const output = runCodec(compiled, hexBytes(hex), fPort ?? 1, recvTime);
    const tookMs = performance.now() - started;
    release(profile.key, compiled, tookMs);
    time?.charge(tenantId, tookMs);
    if (output.errors.length || !output.data) return { ok: false, reason: `Codec error: ${output.errors.join('; ')}` };
    return {
      ok: true,
      value: decodedPayloadOf(mapDecodedData(output.data, profile.field_paths)),
      ...(output.warnings.length ? { warnings: output.warnings.map((w) => `Codec warning: ${w}`) } : {}),
    };
  };
}
