import { LocalQueue } from '../../scripts/local/sqs-queues';

/** The local SQS stand-in's FIFO semantics (scripts/local/sqs-queues.ts), without HTTP and without waiting. */
function queues() {
  const all = new Map<string, LocalQueue>();
  const dlq = new LocalQueue({ name: 'dlq.fifo', visibilityTimeoutSeconds: 30 }, all);
  const queue = new LocalQueue(
    { name: 'q.fifo', visibilityTimeoutSeconds: 30, redrive: { deadLetterQueue: 'dlq.fifo', maxReceiveCount: 2 } },
    all,
  );
  all.set('dlq.fifo', dlq).set('q.fifo', queue);
  return { queue, dlq };
}

describe('local FIFO queue', () => {
  it('drops a duplicate within the window and answers the first message id', () => {
    const { queue } = queues();
    const first = queue.send({ body: 'a', groupId: 'A', deduplicationId: 'd1' });
    const again = queue.send({ body: 'a', groupId: 'A', deduplicationId: 'd1' });
    expect(again.messageId).toBe(first.messageId);
    expect(queue.counts().visible).toBe(1);
  });

  it('delivers each group in order and holds a group while one of its messages is in flight', () => {
    const { queue } = queues();
    const sends: [string, string][] = [
      ['a1', 'A'],
      ['b1', 'B'],
      ['a2', 'A'],
    ];
    for (const [body, groupId] of sends) queue.send({ body, groupId, deduplicationId: body });
    const batch = queue.receive(10);
    expect(batch.map((m) => m.body)).toEqual(['a1', 'b1', 'a2']);
    expect(queue.receive(10)).toEqual([]);
    // a1 fails (visible again): a2, although received, was not deleted either; A starts over from a1.
    queue.changeVisibility(batch[0]?.receiptHandle as string, 0);
    queue.changeVisibility(batch[2]?.receiptHandle as string, 0);
    queue.delete(batch[1]?.receiptHandle as string);
    expect(queue.receive(1).map((m) => m.body)).toEqual(['a1']);
    expect(queue.receive(10)).toEqual([]);
  });

  it('moves a message to the dead-letter queue after maxReceiveCount receives', () => {
    const { queue, dlq } = queues();
    queue.send({ body: 'poison', groupId: 'A', deduplicationId: 'p' });
    for (let i = 0; i < 2; i++) {
      const [message] = queue.receive(1);
      expect(message?.receiveCount).toBe(i + 1);
      queue.changeVisibility(message?.receiptHandle as string, 0);
    }
    expect(queue.receive(1)).toEqual([]);
    expect(dlq.receive(1).map((m) => m.body)).toEqual(['poison']);
  });
});

describe('the SQS stand-in is not kinder than SQS (webhook retries)', () => {
  it('refuses a delay above 15 minutes, as SQS does, and takes 900 s', async () => {
    const { createSqsApi } = await import('../../scripts/local/sqs-service');
    const api = createSqsApi([{ name: 'hooks', visibilityTimeoutSeconds: 30 }], () => 'http://sqs.local');
    const send = (DelaySeconds: number) =>
      api.operations.sendMessage?.({
        QueueUrl: 'http://sqs.local/000000000000/hooks',
        MessageBody: '{}',
        DelaySeconds,
      });
    expect(() => send(901)).toThrow('DelaySeconds must be 0 to 900.');
    expect(() => send(-1)).toThrow();
    expect(send(900)).toMatchObject({ MessageId: expect.any(String) });
  });
});
