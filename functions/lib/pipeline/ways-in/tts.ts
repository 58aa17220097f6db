import { z } from 'zod';
import type { Fix, ReadUplink } from '../contracts';
import { DEFAULT_PAYLOAD_FORMAT } from '../decoders';
import { base64ToHex } from '../decoders/hex';
import { fromNetworkDecoded } from './network-decoded';
import { refuse, toDevEui, toIsoDate, type WayInResult } from './result';

/**
 * The Things Stack v3 webhook, `uplink_message` (integrations-2.md s.2; lorawan-stack-docs
 * integrations/data-formats). Only the fields read are declared; zero values are omitted by TTS, so every one
 * but the DevEUI is optional. Other message types (join_accept, downlink_*, location_solved...) carry no
 * `uplink_message`: the route answers them without queueing anything.
 */
const locationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().optional(),
  source: z.string().optional(),
});
const uplinkSchema = z.object({
  end_device_ids: z.object({ dev_eui: z.string() }),
  received_at: z.string().optional(),
  uplink_message: z.object({
    f_port: z.number().int().min(0).max(255).optional(),
    f_cnt: z.number().int().min(0).optional(),
    frm_payload: z.string().optional(),
    decoded_payload: z.unknown().optional(),
    rx_metadata: z
      .array(
        z.object({
          gateway_ids: z.object({ gateway_id: z.string().optional(), eui: z.string().optional() }).optional(),
          rssi: z.number().optional(),
          snr: z.number().optional(),
        }),
      )
      .optional(),
    received_at: z.string().optional(),
    locations: z.record(z.string(), locationSchema).optional(),
  }),
});

/** TTS's solved or set location: from the payload first (the tag's own), else any other (user, solvers). */
function locationFix(locations: Record<string, z.infer<typeof locationSchema>> | undefined): Fix | undefined {
  if (!locations) return undefined;
  const fromPayload = locations['frm-payload'];
  const chosen = fromPayload ?? Object.values(locations)[0];
  if (!chosen) return undefined;
  return {
    latitude: chosen.latitude,
    longitude: chosen.longitude,
    ...(chosen.accuracy === undefined ? {} : { accuracy: chosen.accuracy }),
    source: fromPayload ? 'gnss' : 'network',
  };
}

export const isTtsUplink = (json: unknown): boolean =>
  typeof json === 'object' && json !== null && 'uplink_message' in json;

export function fromTtsUplink(json: unknown, receivedAt: string): WayInResult {
  const parsed = uplinkSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(`Not a TTS uplink_message: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
  }
  const { end_device_ids, uplink_message: up } = parsed.data;
  const devEui = toDevEui(end_device_ids.dev_eui);
  if (!devEui) return refuse(`dev_eui "${end_device_ids.dev_eui}" is not hexadecimal`);
  // The network server's receive time is the closest to the tag's sending (TTS sends no tag time).
  const time = up.received_at ?? parsed.data.received_at;
  const measuredAt = time === undefined ? receivedAt : toIsoDate(time);
  if (!measuredAt) return refuse(`received_at "${time}" is not a date`);
  const decoded = fromNetworkDecoded(up.decoded_payload);
  const payloadHex = decoded || up.frm_payload === undefined ? undefined : base64ToHex(up.frm_payload);
  if (payloadHex === null) return refuse('frm_payload is not base64');
  if (!decoded && payloadHex === undefined) return refuse('Neither frm_payload nor decoded_payload');
  const networkFix = locationFix(up.locations);
  const uplink: ReadUplink = {
    devEui,
    source: 'tts',
    measuredAt,
    receivedAt,
    ...(up.f_cnt === undefined ? {} : { frameCounter: up.f_cnt }),
    ...(up.f_port === undefined ? {} : { fPort: up.f_port }),
    ...(decoded ? { decoded } : { payloadFormat: DEFAULT_PAYLOAD_FORMAT, payloadHex }),
    ...(networkFix ? { networkFix } : {}),
    gateways: (up.rx_metadata ?? []).map((g) => ({
      id: g.gateway_ids?.eui ?? g.gateway_ids?.gateway_id ?? 'unknown',
      ...(g.rssi === undefined ? {} : { rssi: g.rssi }),
      ...(g.snr === undefined ? {} : { snr: g.snr }),
    })),
  };
  return { ok: true, uplinks: [uplink] };
}
