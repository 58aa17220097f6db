import type { DecodeResult, NormalizedUplink } from '../contracts';
import { decodeTrackerPayload, TRACKER_FORMAT } from './tracker';

export { encodeTrackerPayload, TRACKER_FORMAT, type TrackerPayload } from './tracker';

/**
 * One decoder per payload format. Only our own tracker layout is here: integrations.md names the fields of
 * Browan, Digital Matter, Abeeway and MOKO trackers but not their byte layouts, so a decoder for them would be
 * guesswork (docs/device-payloads.md).
 */
const DECODERS: Record<string, (payloadHex: string, fPort?: number) => DecodeResult> = {
  [TRACKER_FORMAT]: decodeTrackerPayload,
};

export const PAYLOAD_FORMATS: readonly string[] = Object.keys(DECODERS);
export const DEFAULT_PAYLOAD_FORMAT = TRACKER_FORMAT;

/** Never throws: an unknown format, port 0 (MAC commands only) or bad bytes answer a reason. */
export function decodePayload(format: string, payloadHex: string, fPort?: number): DecodeResult {
  const decoder = Object.hasOwn(DECODERS, format) ? DECODERS[format] : undefined;
  if (!decoder) return { ok: false, reason: `Unknown payload format "${format}"` };
  if (fPort === 0) return { ok: false, reason: 'Port 0 carries MAC commands, no application payload' };
  try {
    return decoder(payloadHex, fPort);
  } catch (error) {
    return { ok: false, reason: `Undecodable payload: ${(error as Error).message}` };
  }
}

/**
 * What one queued uplink says. The payload bytes are decoded with the uplink's format (default tracker-v1);
 * fields the way in already decoded (MQTT JSON, KPN measurement records) fill what the bytes lack, the
 * bytes win where both speak. Without bytes, the decoded fields alone.
 */
export function decodeUplink(
  uplink: Pick<NormalizedUplink, 'payloadHex' | 'payloadFormat' | 'fPort' | 'decoded'>,
): DecodeResult {
  if (uplink.payloadHex === undefined) {
    return uplink.decoded
      ? { ok: true, value: uplink.decoded }
      : { ok: false, reason: 'No payload and no decoded fields' };
  }
  const result = decodePayload(uplink.payloadFormat ?? DEFAULT_PAYLOAD_FORMAT, uplink.payloadHex, uplink.fPort);
  if (!result.ok || !uplink.decoded) return result;
  return { ok: true, value: { ...uplink.decoded, ...result.value } };
}
