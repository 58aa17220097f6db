import { encodeTrackerPayload, type TrackerPayload } from '../../functions/lib/pipeline/decoders';
import { thingsMessageToken } from '../../functions/lib/pipeline/things-token';

/**
 * What a tag's uplink looks like on each way in (integrations.md; docs/device-payloads.md): the simulator
 * sends these and the integration tests do too, so both speak exactly what the readers accept.
 */
export interface Uplink {
  devEui: string;
  at: Date;
  payload: TrackerPayload;
  frameCounter?: number;
  /**
   * Bytes of another layout (a device profile's codec decodes them, e.g. scripts/seed/demo-codec.ts),
   * sent instead of the tracker-v1 encoding of `payload`.
   */
  raw?: { hex: string; fPort: number };
}

/** The uplink's bytes as hex and its fPort: its own layout's, or tracker-v1 on port 1. */
export const bytesOf = (uplink: Uplink) => uplink.raw ?? { hex: encodeTrackerPayload(uplink.payload), fPort: 1 };

/** KPN Things SenML: base name with the DEVEUI, base time in whole seconds, the raw payload record. */
export const senmlBody = (uplink: Uplink) =>
  JSON.stringify([
    { bn: `urn:dev:DEVEUI:${uplink.devEui}:`, bt: Math.floor(uplink.at.getTime() / 1000) },
    { n: 'payload', vs: bytesOf(uplink).hex },
  ]);

/** The webhook's two headers for `body` (a wrong `token` overrides the computed one). */
export const kpnHeaders = (body: string, plug: string, secret: string, token?: string) => ({
  'content-type': 'application/json',
  'things-plug-uuid': plug,
  'things-message-token': token ?? thingsMessageToken(Buffer.from(body), secret),
});

/** What IoT Core for LoRaWAN's destination rule receives. */
export const lorawanBody = (uplink: Uplink) => ({
  WirelessDeviceId: `wd-${uplink.devEui}`,
  PayloadData: Buffer.from(bytesOf(uplink).hex, 'hex').toString('base64'),
  WirelessMetadata: {
    LoRaWAN: {
      DevEui: uplink.devEui.toLowerCase(),
      FCnt: uplink.frameCounter ?? 1,
      FPort: bytesOf(uplink).fPort,
      MType: 'UnconfirmedDataUp',
      Timestamp: uplink.at.toISOString(),
      Gateways: [{ GatewayEui: '80029cfffe5cf1cc', Snr: 7.5, Rssi: -97 }],
    },
  },
});

/** A JSON tag publishing its decoded fields on `tracking/<DEVEUI>/uplink`. */
export const mqttJson = (uplink: Uplink) => ({
  devEui: uplink.devEui,
  time: uplink.at.toISOString(),
  eventType: uplink.payload.eventType,
  ...(uplink.frameCounter !== undefined ? { fCnt: uplink.frameCounter } : {}),
  ...(uplink.payload.fix ? { position: { ...uplink.payload.fix, source: 'gnss' } } : {}),
  ...(uplink.payload.sabotaged !== undefined ? { sabotaged: uplink.payload.sabotaged } : {}),
  ...(uplink.payload.batteryLow !== undefined ? { batteryLow: uplink.payload.batteryLow } : {}),
  ...(uplink.payload.batteryVoltage !== undefined ? { batteryVoltage: uplink.payload.batteryVoltage } : {}),
});
