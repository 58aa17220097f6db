import { FLUSH_ORDER } from '../effects/effects';
import { count, milliseconds } from './metrics';
import {
  closedValue,
  DIMENSION,
  EXPORT_METRIC_FORMATS,
  EXPORT_METRIC_LISTS,
  METRIC,
  METRIC_SERVICES,
  rejectionReasonOf,
  WAYS_IN,
} from './names';

/**
 * What the product's code calls to count something; each call names its family, metric and
 * dimensions here, so a caller passes only its own values. Kept in the invocation's effects context and printed
 * when it ends (metrics.ts, functions/lib/effects/).
 */

const wayIn = (source: unknown) => ({ [DIMENSION.wayIn]: closedValue(WAYS_IN, source) });

/** A way in queued `accepted` uplinks. */
export function uplinksQueued(source: unknown, accepted: number): void {
  if (accepted > 0) count(METRIC_SERVICES.uplinks, METRIC.uplinksQueued, wayIn(source), accepted);
}

/** A refusal recorded as a rejected uplink (rejections.ts, the one place every refusal passes). */
export function uplinkRejected(source: unknown, reasonText: string): void {
  count(METRIC_SERVICES.uplinks, METRIC.uplinksRejected, {
    ...wayIn(source),
    [DIMENSION.reason]: rejectionReasonOf(reasonText),
  });
}

/** The processor wrote the uplink: accepted, and how long after its receipt. */
export function uplinkApplied(source: unknown, receivedAt: string, now = Date.now()): void {
  count(METRIC_SERVICES.uplinks, METRIC.uplinksAccepted, wayIn(source));
  const lag = now - Date.parse(receivedAt);
  if (Number.isFinite(lag)) milliseconds(METRIC_SERVICES.uplinks, METRIC.processorLag, lag, wayIn(source));
}

/** One alarm mail handed to SNS, or refused by it. */
export function alarmMail(outcome: 'sent' | 'failed'): void {
  count(METRIC_SERVICES.alarmMail, outcome === 'sent' ? METRIC.alarmMailsSent : METRIC.alarmMailsFailed);
}

const exportList = (list: unknown) => ({ [DIMENSION.list]: closedValue(EXPORT_METRIC_LISTS, list) });

export function exportJobStarted(list: unknown): void {
  count(METRIC_SERVICES.exports, METRIC.exportJobsStarted, exportList(list));
}

/** A background export finished: its outcome, how long it ran and the rows it wrote (format once known). */
export function exportJobFinished(
  list: unknown,
  outcome: 'succeeded' | 'failed',
  durationMs: number,
  done?: { format: unknown; rows: number },
): void {
  const dimensions = {
    ...exportList(list),
    ...(done ? { [DIMENSION.format]: closedValue(EXPORT_METRIC_FORMATS, done.format) } : {}),
  };
  const name = outcome === 'succeeded' ? METRIC.exportJobsSucceeded : METRIC.exportJobsFailed;
  count(METRIC_SERVICES.exports, name, dimensions);
  milliseconds(METRIC_SERVICES.exports, METRIC.exportDuration, durationMs, dimensions);
  if (done) count(METRIC_SERVICES.exports, METRIC.exportRows, dimensions, done.rows);
}

/** One webhook attempt's answer: delivered (2xx), or not (it is retried or given up). */
export function webhookAttempt(outcome: string): void {
  if (outcome === 'delivered') count(METRIC_SERVICES.webhooks, METRIC.webhookDeliveries);
  else if (outcome === 'retrying' || outcome === 'failed') count(METRIC_SERVICES.webhooks, METRIC.webhookFailures);
}

/** A kind of effect an invocation queued could not be sent (functions/lib/effects/with-effects.ts). */
export function effectsNotFlushed(effect: string): void {
  count(METRIC_SERVICES.effects, METRIC.effectsNotFlushed, { [DIMENSION.effect]: closedValue(FLUSH_ORDER, effect) });
}
