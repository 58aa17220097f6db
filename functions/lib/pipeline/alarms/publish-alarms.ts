import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { localServiceConfig } from '../../local-endpoints';
import { traced } from '../../observability/tracing';
import type { AlarmRaised } from '../contracts';

/** The domain event's envelope: the alarm rules (infra/pipeline-rules.ts) match on these. */
export const ALARM_EVENT_SOURCE = 'tracking.pipeline';
export const ALARM_DETAIL_TYPE = 'AlarmRaised';

/** PutEvents takes at most 10 entries per request. */
const BATCH = 10;
/** Entries a throttled or briefly failing bus refused are sent again this many times before we give up. */
const ATTEMPTS = 3;

let client: EventBridgeClient | undefined;
const eventBridge = () => {
  client ??= traced(new EventBridgeClient(localServiceConfig('EVENTBRIDGE_ENDPOINT')));
  return client;
};

/** The bus is named by CDK (EVENT_BUS_NAME); without it the account's default bus receives the events. */
const toEntry = (event: AlarmRaised): PutEventsRequestEntry => ({
  Source: ALARM_EVENT_SOURCE,
  DetailType: ALARM_DETAIL_TYPE,
  Detail: JSON.stringify(event),
  EventBusName: process.env.EVENT_BUS_NAME || 'default',
  Time: new Date(event.at),
});

/**
 * Hands the processor's state changes to EventBridge as AlarmRaised domain events. PutEvents answers 200 even
 * when some entries failed (FailedEntryCount): those are sent again, and still failing ones make this throw,
 * so the processor reports its batch item as failed and the queue redelivers it. The alarm handler is
 * idempotent per event (alarm-handler.ts), so a resend never mails twice.
 */
export async function publishAlarms(events: AlarmRaised[]): Promise<void> {
  for (let start = 0; start < events.length; start += BATCH) {
    await putBatch(events.slice(start, start + BATCH).map(toEntry));
  }
}

async function putBatch(entries: PutEventsRequestEntry[]): Promise<void> {
  let pending = entries;
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS && pending.length > 0; attempt += 1) {
    const answer = await eventBridge().send(new PutEventsCommand({ Entries: pending }));
    if (!answer.FailedEntryCount) return;
    const results = answer.Entries ?? [];
    const failed = pending.filter((_, i) => results[i]?.ErrorCode);
    lastError = results.find((r) => r.ErrorCode)?.ErrorMessage ?? results.find((r) => r.ErrorCode)?.ErrorCode ?? '';
    pending = failed.length > 0 ? failed : pending;
  }
  if (pending.length > 0) {
    throw new Error(
      `EventBridge refused ${pending.length} AlarmRaised event(s) after ${ATTEMPTS} attempts: ${lastError}`,
    );
  }
}
