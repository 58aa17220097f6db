import {
  CODEC_DOES_NOT_RUN,
  type DeviceProfileTestInput,
  type DeviceProfileTestResult,
  type MappedFields,
  parsePayloadBytes,
} from '../../../shared/schemas/device-profile';
import { unprocessable } from '../http/errors';
import { batteryLowOf } from '../pipeline/battery';
import { type Mapped, mapDecodedData } from '../pipeline/codecs/mapping';
import { CompiledCodec } from '../pipeline/codecs/sandbox';
import { decodePayload, TRACKER_FORMAT } from '../pipeline/decoders';

/**
 * The test panel's run (POST /api/device-profiles/test): the codec compiled in a fresh sandbox (never the
 * pipeline's cache: an unsaved codec is not a profile version), the bytes decoded, the data mapped as the
 * pipeline would, and battery low judged from a battery that was fine. A codec failure is the test's result (200
 * with `errors`), never a 4xx or 5xx.
 */
const EMPTY: Mapped = {
  latitude: null,
  longitude: null,
  accuracy: null,
  battery_voltage: null,
  battery_percent: null,
  sabotaged: null,
  event_type: null,
};

function withBattery(mapped: Mapped, input: DeviceProfileTestInput): MappedFields {
  const rule = { unit: input.battery_unit, lowBelow: input.battery_low_below, fineAbove: input.battery_fine_above };
  const reading = {
    batteryVoltage: mapped.battery_voltage ?? undefined,
    batteryPercent: mapped.battery_percent ?? undefined,
  };
  return { ...mapped, battery_low: batteryLowOf(reading, false, rule) ?? null };
}

/** Without a codec: what the built-in tracker-v1 layout reads. */
function trackerResult(bytes: number[], input: DeviceProfileTestInput): Omit<DeviceProfileTestResult, 'duration_ms'> {
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  const result = decodePayload(TRACKER_FORMAT, hex, input.f_port);
  if (!result.ok) return { data: null, warnings: [], errors: [result.reason], mapped: withBattery(EMPTY, input) };
  const { fix, batteryVoltage, batteryLow, sabotaged, eventType } = result.value;
  const data = { ...result.value } as Record<string, unknown>;
  const mapped: Mapped = {
    ...EMPTY,
    latitude: fix?.latitude ?? null,
    longitude: fix?.longitude ?? null,
    accuracy: fix?.accuracy ?? null,
    battery_voltage: batteryVoltage ?? null,
    sabotaged: sabotaged ?? null,
    event_type: eventType ?? null,
  };
  const judged = withBattery(mapped, input);
  // The tag's own low-battery flag wins over the voltage, as in the pipeline.
  return { data, warnings: [], errors: [], mapped: { ...judged, battery_low: batteryLow ?? judged.battery_low } };
}

async function codecResult(source: string, bytes: number[], input: DeviceProfileTestInput) {
  const compiled = await CompiledCodec.compile(source);
  if (!(compiled instanceof CompiledCodec))
    return { data: null, warnings: [], errors: [compiled.error], mapped: withBattery(EMPTY, input) };
  try {
    const output = compiled.decode({ bytes, fPort: input.f_port, recvTime: new Date() });
    const mapped = output.data ? mapDecodedData(output.data, input.field_paths) : EMPTY;
    return { ...output, mapped: withBattery(mapped, input) };
  } finally {
    compiled.dispose();
  }
}

/** A profile's codec must compile before it is saved: a broken one would reject every uplink of its devices. */
export async function assertCodecCompiles(codec: string | null | undefined): Promise<void> {
  if (!codec) return;
  const compiled = await CompiledCodec.compile(codec);
  if (!(compiled instanceof CompiledCodec))
    throw unprocessable([{ propertyPath: 'codec', message: CODEC_DOES_NOT_RUN }]);
  compiled.dispose();
}

export async function testCodec(input: DeviceProfileTestInput): Promise<DeviceProfileTestResult> {
  const started = performance.now();
  const bytes = parsePayloadBytes(input.bytes) ?? [];
  const result = input.codec ? await codecResult(input.codec, bytes, input) : trackerResult(bytes, input);
  return { ...result, duration_ms: Math.round((performance.now() - started) * 100) / 100 };
}
