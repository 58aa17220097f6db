import { z } from 'zod';
import { eventTypeSchema } from '../../../../shared/schemas/event';
import type { DecodedPayload, ReadUplink } from '../contracts';
import { DEFAULT_PAYLOAD_FORMAT, PAYLOAD_FORMATS } from '../decoders';
import { normalizeHex } from '../decoders/hex';
import type { MqttRuleEvent } from '../topics';
import { refuse, toDevEui, toIsoDate, type WayInResult } from './result';

/**
 * The JSON a tag or a gateway publishes straight to the broker on `tracking/<DEVEUI>/uplink`
 * (docs/device-payloads.md, "MQTT JSON"): either the raw bytes (`payloadHex`, with `format`) or the fields
 * already decoded, never both. A message speaks for its topic's tag only: one uplink, or an array of that
 * tag's uplinks (a tag catching up); a gateway relaying several tags publishes on each tag's topic.
 */
const positionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().min(0).optional(),
  source: z.enum(['gnss', 'wifi', 'network']).default('gnss'),
});
const messageSchema = z
  .object({
    devEui: z.string(),
    time: z.union([z.string(), z.number()]).optional(),
    fCnt: z.number().int().min(0).optional(),
    fPort: z.number().int().min(0).max(255).optional(),
    payloadHex: z.string().optional(),
    format: z.string().optional(),
    eventType: eventTypeSchema.optional(),
    sabotaged: z.boolean().optional(),
    batteryLow: z.boolean().optional(),
    batteryVoltage: z.number().optional(),
    position: positionSchema.optional(),
    gatewayId: z.string().optional(),
    rssi: z.number().optional(),
    snr: z.number().optional(),
  })
  .strict();
type MqttMessage = z.infer<typeof messageSchema>;
const bodySchema = z.union([messageSchema, z.array(messageSchema).min(1).max(100)]);

const DECODED_KEYS = ['eventType', 'sabotaged', 'batteryLow', 'batteryVoltage', 'position'] as const;

function decodedOf(message: MqttMessage): DecodedPayload {
  const { eventType, sabotaged, batteryLow, batteryVoltage, position } = message;
  return Object.fromEntries(
    Object.entries({ eventType, sabotaged, batteryLow, batteryVoltage, fix: position }).filter(
      ([, v]) => v !== undefined,
    ),
  ) as DecodedPayload;
}

function toUplink(message: MqttMessage, receivedAt: string, topicDevEui: string): ReadUplink | string {
  const devEui = toDevEui(message.devEui);
  if (!devEui) return `devEui "${message.devEui}" is not hexadecimal`;
  // The topic is what IoT policies restrict per publisher; a body naming another tag would write that tag.
  if (devEui !== topicDevEui) return `devEui ${devEui} is not the topic's ${topicDevEui}`;
  // Epoch numbers are seconds, as KPN's bt is; text is ISO 8601.
  const time = typeof message.time === 'number' ? message.time * 1000 : message.time;
  const measuredAt = time === undefined ? receivedAt : toIsoDate(time);
  if (!measuredAt) return `time "${message.time}" is not a date`;
  const hasDecoded = DECODED_KEYS.some((key) => message[key] !== undefined);
  if (message.payloadHex !== undefined && hasDecoded) return 'Either payloadHex or decoded fields, not both';
  const uplink: ReadUplink = { devEui, source: 'mqtt', measuredAt, receivedAt };
  if (message.fCnt !== undefined) uplink.frameCounter = message.fCnt;
  if (message.fPort !== undefined) uplink.fPort = message.fPort;
  if (message.payloadHex !== undefined) {
    const hex = normalizeHex(message.payloadHex);
    if (hex === null) return 'payloadHex is not hexadecimal bytes';
    const format = message.format ?? DEFAULT_PAYLOAD_FORMAT;
    if (!PAYLOAD_FORMATS.includes(format)) return `Unknown payload format "${format}"`;
    Object.assign(uplink, { payloadHex: hex, payloadFormat: format });
  } else if (hasDecoded) {
    uplink.decoded = decodedOf(message);
  } else {
    return 'Neither payloadHex nor decoded fields';
  }
  if (message.gatewayId !== undefined) {
    uplink.gateways = [
      {
        id: message.gatewayId,
        ...(message.rssi === undefined ? {} : { rssi: message.rssi }),
        ...(message.snr === undefined ? {} : { snr: message.snr }),
      },
    ];
  }
  return uplink;
}

/**
 * All messages of a body or none: a batch with one bad message is refused whole, with its index. `topic` is
 * the DEVEUI level of the topic it was published on (`topic(2)`), which every message must name.
 */
export function fromMqttJson(json: unknown, receivedAt: string, topic: string): WayInResult {
  const topicDevEui = toDevEui(topic);
  if (!topicDevEui) return refuse(`Topic DEVEUI "${topic}" is not hexadecimal`);
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(`Not a tracker MQTT message: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
  }
  const messages = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const uplinks: ReadUplink[] = [];
  for (const [index, message] of messages.entries()) {
    const uplink = toUplink(message, receivedAt, topicDevEui);
    if (typeof uplink === 'string') return refuse(messages.length > 1 ? `Message ${index}: ${uplink}` : uplink);
    uplinks.push(uplink);
  }
  return { ok: true, uplinks };
}

/** What the MQTT ingest makes of the rule's event (topics.ts): the reader's answer, the text, the topic's levels. */
export interface MqttRuleReading {
  result: WayInResult;
  raw: string;
  /** The topic's DEVEUI, normalised, when it is one: a refused message is recorded under it. */
  topicDevEui: string | null;
  /** A gateway topic's tenant level, as the rule handed it. */
  gatewayTenant?: string;
}

export function fromMqttRuleEvent(event: unknown, receivedAt: string): MqttRuleReading {
  const { payload, topicDevEui, gatewayTenant } = (event ?? {}) as Partial<MqttRuleEvent>;
  if (typeof payload !== 'string' || typeof topicDevEui !== 'string')
    return { result: refuse('Not the MQTT uplink rule event'), raw: JSON.stringify(event) ?? '', topicDevEui: null };
  const topic = { topicDevEui: toDevEui(topicDevEui), ...(typeof gatewayTenant === 'string' ? { gatewayTenant } : {}) };
  const raw = Buffer.from(payload, 'base64').toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { result: refuse('The message is not JSON'), raw, ...topic };
  }
  return { result: fromMqttJson(json, receivedAt, topicDevEui), raw, ...topic };
}
