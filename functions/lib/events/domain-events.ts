import {
  EventBridgeClient,
  PutEventsCommand,
  type PutEventsRequestEntry,
  type PutEventsResponse,
} from '@aws-sdk/client-eventbridge';
import { PIPELINE_EVENT_SOURCE, type PipelineDetailType } from '../../../shared/pipeline-events';
import { type EffectKind, queueEffect } from '../effects/effects';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';

/** One domain event for the pipeline bus (shared/pipeline-events.ts). */
export interface DomainEvent {
  detailType: PipelineDetailType;
  detail: object;
  /** When it happened (ISO): the event's Time. */
  at: string;
}

export interface PutOutcome {
  /** Entries the bus still refused after every attempt. */
  refused: number;
  /** The bus's reason for the last refusal ('' when none). */
  reason: string;
}

/** PutEvents takes at most 10 entries per request. */
const BATCH = 10;

let client: EventBridgeClient | undefined;
const eventBridge = () => {
  client ??= sdkClient(new EventBridgeClient(localServiceConfig('EVENTBRIDGE_ENDPOINT')));
  return client;
};

/** The bus is named by CDK (EVENT_BUS_NAME); without it the account's default bus receives the events. */
const toEntry = (event: DomainEvent): PutEventsRequestEntry => ({
  Source: PIPELINE_EVENT_SOURCE,
  DetailType: event.detailType,
  Detail: JSON.stringify(event.detail),
  EventBusName: process.env.EVENT_BUS_NAME || 'default',
  Time: new Date(event.at),
});

/**
 * Puts the events on the pipeline bus, 10 a request. PutEvents answers 200 even when some entries failed
 * (FailedEntryCount, e.g. throttling): those are sent again, up to `attempts` sends in all. Answers how many
 * stayed refused, for the caller to decide: the alarms must arrive (their publisher throws, so the queue
 * redelivers), the geocode and visit events are best effort (logged). A request that fails as a whole throws.
 */
export const putDomainEvents = (events: readonly DomainEvent[], attempts = 1): Promise<PutOutcome> =>
  putInBatches(events, attempts, (entries) => eventBridge().send(new PutEventsCommand({ Entries: entries })));

/** One PutEvents request (the bus, or a test's answers). */
export type SendEntries = (entries: PutEventsRequestEntry[]) => Promise<PutEventsResponse>;

export async function putInBatches(
  events: readonly DomainEvent[],
  attempts: number,
  send: SendEntries,
): Promise<PutOutcome> {
  const outcome: PutOutcome = { refused: 0, reason: '' };
  for (let start = 0; start < events.length; start += BATCH) {
    let pending = events.slice(start, start + BATCH).map(toEntry);
    for (let attempt = 1; attempt <= attempts && pending.length > 0; attempt += 1) {
      const answer = await send(pending);
      if (!answer.FailedEntryCount) {
        pending = [];
        break;
      }
      const results = answer.Entries ?? [];
      const refusal = results.find((result) => result.ErrorCode);
      outcome.reason = refusal?.ErrorMessage ?? refusal?.ErrorCode ?? `${answer.FailedEntryCount} failed`;
      const failed = pending.filter((_, i) => results[i]?.ErrorCode);
      // An answer that counts failures without marking entries: the whole batch is sent again.
      if (failed.length > 0) pending = failed;
    }
    outcome.refused += pending.length;
  }
  return outcome;
}

/** Best effort: how many events the bus did not take, a failed request counting its whole batch. */
export async function putDomainEventsBestEffort(events: readonly DomainEvent[]): Promise<number> {
  let refused = 0;
  for (let start = 0; start < events.length; start += BATCH) {
    const batch = events.slice(start, start + BATCH);
    refused += await putDomainEvents(batch).then(
      (outcome) => outcome.refused,
      () => batch.length,
    );
  }
  return refused;
}

/**
 * Best-effort events (a geocode request, a visit change) wait in the invocation's effects context and are put
 * when it ends (functions/lib/effects/). Those the bus refuses make the send throw, so the flush logs and counts
 * them; the writes they follow stand. An event that must arrive (AlarmRaised) is put at once instead
 * (publish-alarms.ts), so its failure fails the uplink and the queue redelivers it.
 */
export const DOMAIN_EVENTS: EffectKind<DomainEvent, DomainEvent[]> = {
  name: 'domainEvents',
  start: () => [],
  add: (events, event) => {
    events.push(event);
  },
  send: async (events) => {
    const refused = await putDomainEventsBestEffort(events);
    if (refused > 0) throw new Error(`The bus refused ${refused} of ${events.length} domain events`);
  },
};

export const queueDomainEvents = (events: readonly DomainEvent[]): void => {
  for (const event of events) queueEffect(DOMAIN_EVENTS, event);
};
