import type { ExportType } from '../../../shared/schemas/export';
import type { UplinkSource } from '../pipeline/contracts';

/**
 * Every name of the product's own CloudWatch metrics: the namespace, the `service` of each
 * family, the metric names and their dimensions. The handlers emit them (metrics.ts), the dashboard and the
 * alarms (infra/constructs/operations-dashboard.ts) read them; nothing else spells them.
 *
 * Dimensions are closed lists (docs/decisions/0274-product-metrics-emf-per-dimension-set-never-the-tenant.md): a value outside
 * its list is published as `other`, never as sent. No tenant, DEVEUI or id is ever a dimension.
 */

/** One namespace per stage, so a test stage's uplinks never add to production's graphs or alarms. */
export const metricsNamespace = (stage: string): string => `TrackingConsole/${stage}`;

/** The `service` dimension of each family (Powertools puts it on every metric), whichever function emits it. */
export const METRIC_SERVICES = {
  uplinks: 'uplinks',
  alarmMail: 'alarm-mail',
  exports: 'exports',
  webhooks: 'webhooks',
  effects: 'effects',
} as const;
export type MetricService = (typeof METRIC_SERVICES)[keyof typeof METRIC_SERVICES];

export const METRIC = {
  /** A way in read the body and queued the uplink (WayIn). */
  uplinksQueued: 'UplinksQueued',
  /** The processor wrote the uplink's event (WayIn): it passed every check; a replay is not counted again. */
  uplinksAccepted: 'UplinksAccepted',
  /** Refused at a way in or by the processor and recorded as a rejected uplink (WayIn, Reason). */
  uplinksRejected: 'UplinksRejected',
  /** Milliseconds from the way in's receipt to the processor's writes (WayIn). */
  processorLag: 'ProcessorLag',
  alarmMailsSent: 'AlarmMailsSent',
  alarmMailsFailed: 'AlarmMailsFailed',
  /** Background export jobs (List; the finished ones also Format). */
  exportJobsStarted: 'ExportJobsStarted',
  exportJobsSucceeded: 'ExportJobsSucceeded',
  exportJobsFailed: 'ExportJobsFailed',
  exportDuration: 'ExportDuration',
  exportRows: 'ExportRows',
  /** Webhook POSTs the receiver answered 2xx, and those it did not (retried or given up). */
  webhookDeliveries: 'WebhookDeliveries',
  webhookFailures: 'WebhookFailures',
  /** An invocation's queued effects of one kind (Effect) that could not be sent after its writes. */
  effectsNotFlushed: 'EffectsNotFlushed',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

export const DIMENSION = {
  wayIn: 'WayIn',
  reason: 'Reason',
  list: 'List',
  format: 'Format',
  effect: 'Effect',
} as const;
export type DimensionName = (typeof DIMENSION)[keyof typeof DIMENSION];

/** What a dimension may say; anything else is published as OTHER. */
export const OTHER = 'other';
export const WAYS_IN = ['kpn', 'mqtt', 'lorawan', 'tts', 'chirpstack'] as const satisfies readonly UplinkSource[];
export const EXPORT_METRIC_LISTS = ['assets', 'devices', 'loanDays'] as const;
export const EXPORT_METRIC_FORMATS = ['csv', 'excel', 'pdf'] as const satisfies readonly ExportType[];

/**
 * Why an uplink was refused, as a closed list (the recorded rejection keeps the full text):
 * - unreadable: the way in could not read the body (not JSON, not the network's shape, no DEVEUI...);
 * - unknown-deveui: no tenant holds the DEVEUI;
 * - foreign-deveui: the DEVEUI is another tenant's than the one the way in proved;
 * - impossible-time: measured too far ahead of its receipt, or not a date;
 * - undecodable-payload: the bytes do not decode and nothing else came with them;
 * - malformed-message: a queue message that is not a queued uplink (or of the older format, without the tenant).
 */
export const REJECTION_REASONS = [
  'unreadable',
  'unknown-deveui',
  'foreign-deveui',
  'impossible-time',
  'undecodable-payload',
  'malformed-message',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/**
 * The closed reason of a recorded rejection's text. The texts of the processor's own refusals are fixed
 * (functions/lib/pipeline/processor/process-batch.ts, ingest.ts); every other text is a way in's reader
 * refusing the body (ways-in/*.ts, one text per fault), so that is what remains.
 */
export function rejectionReasonOf(text: string): RejectionReason {
  if (text === 'Unknown DEVEUI') return 'unknown-deveui';
  if (/^DEVEUI \S+ is not a device of this tenant$/.test(text)) return 'foreign-deveui';
  if (text.startsWith('Impossible time:')) return 'impossible-time';
  if (text.startsWith('Undecodable payload:')) return 'undecodable-payload';
  if (text === 'Not a queued uplink' || text.startsWith('Queued without the tenant')) return 'malformed-message';
  return 'unreadable';
}

/** The value a dimension publishes: the value when its list has it, else OTHER. */
export function closedValue<T extends string>(list: readonly T[], value: unknown): T | typeof OTHER {
  return list.includes(value as T) ? (value as T) : OTHER;
}
