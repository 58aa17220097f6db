import { z } from 'zod';
import { eventTypeSchema } from '../../../../shared/schemas/event';
import type { DecodedPayload, Fix, NormalizedUplink, UplinkSource } from '../contracts';

/**
 * The uplink queue's message body as the processor reads it: what the ways in queue (uplink-queue.ts), checked
 * rather than cast, so a message in another shape is refused and recorded instead of reaching the writes half
 * read.
 */
export const UPLINK_SOURCES = ['lorawan', 'kpn', 'mqtt', 'tts', 'chirpstack'] as const satisfies UplinkSource[];

const fixSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().optional(),
  source: z.enum(['gnss', 'wifi', 'network']),
}) satisfies z.ZodType<Fix>;

const decodedSchema = z.object({
  eventType: eventTypeSchema.optional(),
  sabotaged: z.boolean().optional(),
  batteryLow: z.boolean().optional(),
  batteryVoltage: z.number().optional(),
  batteryPercent: z.number().optional(),
  fix: fixSchema.optional(),
}) satisfies z.ZodType<DecodedPayload>;

export const isoTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)));

export const queuedUplinkSchema = z.object({
  devEui: z.string().min(1),
  source: z.enum(UPLINK_SOURCES),
  measuredAt: isoTime,
  receivedAt: isoTime,
  frameCounter: z.number().int().optional(),
  fPort: z.number().int().optional(),
  payloadFormat: z.string().optional(),
  payloadHex: z.string().optional(),
  decoded: decodedSchema.optional(),
  networkFix: fixSchema.optional(),
  warnings: z.array(z.string()).optional(),
  gateways: z.array(z.object({ id: z.string(), rssi: z.number().optional(), snr: z.number().optional() })).optional(),
  tenant: z.string().min(1),
}) satisfies z.ZodType<NormalizedUplink>;
