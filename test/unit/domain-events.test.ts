import type { PutEventsRequestEntry, PutEventsResponse } from '@aws-sdk/client-eventbridge';
import { type DomainEvent, putInBatches } from '../../functions/lib/events/domain-events';

/**
 * The pipeline bus's publisher (functions/lib/events/domain-events.ts): PutEvents answers 200 with
 * FailedEntryCount when some entries were refused (throttling, an internal failure), and only those are sent
 * again; the answers below are shaped as the EventBridge API reference's PutEvents response.
 */
const event = (n: number): DomainEvent => ({
  detailType: 'AlarmRaised',
  detail: { n },
  at: '2026-11-27T04:00:00.000Z',
});

/** Answers each request from a script of which entries (by their `n`) to refuse. */
function scriptedBus(refuse: (n: number, request: number) => boolean) {
  const requests: number[][] = [];
  const send = async (entries: PutEventsRequestEntry[]): Promise<PutEventsResponse> => {
    const numbers = entries.map((entry) => (JSON.parse(entry.Detail ?? '{}') as { n: number }).n);
    requests.push(numbers);
    const results = numbers.map((n) =>
      refuse(n, requests.length)
        ? { ErrorCode: 'ThrottlingException', ErrorMessage: 'Rate exceeded' }
        : { EventId: `id-${n}` },
    );
    return { FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length, Entries: results };
  };
  return { requests, send };
}

describe('putting domain events on the pipeline bus', () => {
  it('sends 10 entries a request, with the shared source and the event time', async () => {
    const seen: PutEventsRequestEntry[][] = [];
    const outcome = await putInBatches(
      Array.from({ length: 23 }, (_, i) => event(i)),
      1,
      async (entries) => {
        seen.push(entries);
        return { FailedEntryCount: 0, Entries: entries.map(() => ({ EventId: 'x' })) };
      },
    );
    expect(outcome).toEqual({ refused: 0, reason: '' });
    expect(seen.map((entries) => entries.length)).toEqual([10, 10, 3]);
    expect(seen[0]?.[0]).toMatchObject({
      Source: 'tracking.pipeline',
      DetailType: 'AlarmRaised',
      Detail: '{"n":0}',
      Time: new Date('2026-11-27T04:00:00.000Z'),
    });
  });

  it('sends only the refused entries again, until the bus takes them', async () => {
    const bus = scriptedBus((n, request) => request === 1 && n % 2 === 1);
    const outcome = await putInBatches([0, 1, 2, 3].map(event), 3, bus.send);
    expect(outcome.refused).toBe(0);
    expect(bus.requests).toEqual([
      [0, 1, 2, 3],
      [1, 3],
    ]);
  });

  it('counts what stays refused after every attempt, with the reason', async () => {
    const bus = scriptedBus((n) => n === 2);
    const outcome = await putInBatches([0, 1, 2].map(event), 3, bus.send);
    expect(outcome).toEqual({ refused: 1, reason: 'Rate exceeded' });
    expect(bus.requests).toEqual([[0, 1, 2], [2], [2]]);
  });

  it('sends the whole batch again when the answer counts failures without marking entries', async () => {
    const requests: number[] = [];
    const outcome = await putInBatches([0, 1].map(event), 2, async (entries) => {
      requests.push(entries.length);
      return requests.length === 1 ? { FailedEntryCount: 1, Entries: [] } : { FailedEntryCount: 0, Entries: [] };
    });
    expect(outcome.refused).toBe(0);
    expect(requests).toEqual([2, 2]);
  });
});
