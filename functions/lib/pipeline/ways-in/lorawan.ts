import { z } from 'zod';
import type { Fix, ReadUplink } from '../contracts';
import { DEFAULT_PAYLOAD_FORMAT } from '../decoders';
import { base64ToHex } from '../decoders/hex';
import { refuse, toDevEui, toIsoDate, type WayInResult } from './result';

/**
 * The JSON an IoT rule receives from AWS IoT Core for LoRaWAN (integrations.md 3.1). Only the fields read are
 * declared; the rest (DataRate, Frequency, MIC, ...) passes unread. `Fport` (AWS's documentation) and `FPort`
 * (captured messages) are both accepted.
 */
const gatewaySchema = z.object({
  GatewayEui: z.string(),
  Rssi: z.number().optional(),
  Snr: z.number().optional(),
});
const uplinkSchema = z.object({
  WirelessDeviceId: z.string().optional(),
  PayloadData: z.string(),
  WirelessMetadata: z.object({
    LoRaWAN: z.object({
      DevEui: z.string(),
      FPort: z.number().int().min(0).max(255).optional(),
      Fport: z.number().int().min(0).max(255).optional(),
      FCnt: z.number().int().min(0).optional(),
      Timestamp: z.string().optional(),
      Gateways: z.array(gatewaySchema).optional(),
    }),
  }),
  PositionInfo: z
    .object({
      Position: z.array(z.number()).min(2),
      Accuracy: z.object({ Horizontal: z.number().optional() }).optional(),
    })
    .optional(),
});
type LorawanUplink = z.infer<typeof uplinkSchema>;

/** AWS's position solver answer: Position is [longitude, latitude, altitude], as GeoJSON orders it. */
function solverFix(info: LorawanUplink['PositionInfo']): Fix | undefined {
  const [longitude, latitude] = info?.Position ?? [];
  if (longitude === undefined || latitude === undefined) return undefined;
  const accuracy = info?.Accuracy?.Horizontal;
  return { latitude, longitude, ...(accuracy === undefined ? {} : { accuracy }), source: 'network' };
}

export function fromLorawanUplink(
  json: unknown,
  receivedAt: string,
  payloadFormat = DEFAULT_PAYLOAD_FORMAT,
): WayInResult {
  const parsed = uplinkSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(
      `Not an IoT Core for LoRaWAN uplink: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim(),
    );
  }
  const { PayloadData, WirelessMetadata, PositionInfo } = parsed.data;
  const lorawan = WirelessMetadata.LoRaWAN;
  const devEui = toDevEui(lorawan.DevEui);
  if (!devEui) return refuse(`DevEui "${lorawan.DevEui}" is not hexadecimal`);
  const payloadHex = base64ToHex(PayloadData);
  if (payloadHex === null) return refuse('PayloadData is not base64');
  const measuredAt = lorawan.Timestamp === undefined ? receivedAt : toIsoDate(lorawan.Timestamp);
  if (!measuredAt) return refuse(`Timestamp "${lorawan.Timestamp}" is not a date`);
  const fPort = lorawan.FPort ?? lorawan.Fport;
  const networkFix = solverFix(PositionInfo);
  const uplink: ReadUplink = {
    devEui,
    source: 'lorawan',
    measuredAt,
    receivedAt,
    ...(lorawan.FCnt === undefined ? {} : { frameCounter: lorawan.FCnt }),
    ...(fPort === undefined ? {} : { fPort }),
    payloadFormat,
    payloadHex,
    ...(networkFix ? { networkFix } : {}),
    gateways: (lorawan.Gateways ?? []).map((g) => ({
      id: g.GatewayEui,
      ...(g.Rssi === undefined ? {} : { rssi: g.Rssi }),
      ...(g.Snr === undefined ? {} : { snr: g.Snr }),
    })),
  };
  return { ok: true, uplinks: [uplink] };
}
