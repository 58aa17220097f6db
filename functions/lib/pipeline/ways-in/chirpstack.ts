import { z } from 'zod';
import type { ReadUplink } from '../contracts';
import { DEFAULT_PAYLOAD_FORMAT } from '../decoders';
import { base64ToHex } from '../decoders/hex';
import { fromNetworkDecoded } from './network-decoded';
import { refuse, toDevEui, toIsoDate, type WayInResult } from './result';

/**
 * ChirpStack v4 HTTP integration, `?event=up` with the JSON encoding (integrations-2.md s.3; chirpstack-docs
 * integrations/events.md). Protobuf mapping: camelCase, zero values omitted (the docs' own example has no
 * `fCnt`), so all but the DevEUI are optional. `object` is there only when the device profile has a codec.
 */
const uplinkSchema = z.object({
  time: z.string().optional(),
  deviceInfo: z.object({ devEui: z.string() }),
  fCnt: z.number().int().min(0).optional(),
  fPort: z.number().int().min(0).max(255).optional(),
  data: z.string().optional(),
  object: z.unknown().optional(),
  rxInfo: z
    .array(z.object({ gatewayId: z.string().optional(), rssi: z.number().optional(), snr: z.number().optional() }))
    .optional(),
});

export function fromChirpstackUplink(json: unknown, receivedAt: string): WayInResult {
  const parsed = uplinkSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(`Not a ChirpStack up event: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
  }
  const up = parsed.data;
  const devEui = toDevEui(up.deviceInfo.devEui);
  if (!devEui) return refuse(`devEui "${up.deviceInfo.devEui}" is not hexadecimal`);
  const measuredAt = up.time === undefined ? receivedAt : toIsoDate(up.time);
  if (!measuredAt) return refuse(`time "${up.time}" is not a date`);
  const decoded = fromNetworkDecoded(up.object);
  const payloadHex = decoded || up.data === undefined ? undefined : base64ToHex(up.data);
  if (payloadHex === null) return refuse('data is not base64');
  if (!decoded && payloadHex === undefined) return refuse('Neither data nor object');
  const uplink: ReadUplink = {
    devEui,
    source: 'chirpstack',
    measuredAt,
    receivedAt,
    ...(up.fCnt === undefined ? {} : { frameCounter: up.fCnt }),
    ...(up.fPort === undefined ? {} : { fPort: up.fPort }),
    ...(decoded ? { decoded } : { payloadFormat: DEFAULT_PAYLOAD_FORMAT, payloadHex }),
    gateways: (up.rxInfo ?? []).map((g) => ({
      id: g.gatewayId ?? 'unknown',
      ...(g.rssi === undefined ? {} : { rssi: g.rssi }),
      ...(g.snr === undefined ? {} : { snr: g.snr }),
    })),
  };
  return { ok: true, uplinks: [uplink] };
}
