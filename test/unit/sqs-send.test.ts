import { SQSClient } from '@aws-sdk/client-sqs';
import { batchesOf, SQS_MAX_BYTES, sendToQueue } from '../../functions/lib/sqs-send';

/** The one SQS sender (functions/lib/sqs-send.ts): batches, size bounds, FIFO ids and failed entries. */
const entry = (id: number, bytes = 10) => ({ Id: String(id), MessageBody: 'x'.repeat(bytes) });

describe('sending to SQS', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    delete process.env.TEST_QUEUE_URL;
  });

  it('batches by 10 entries and by 256 KiB of bodies, in order', () => {
    const small = batchesOf(Array.from({ length: 23 }, (_, i) => entry(i)));
    expect(small.map((batch) => batch.length)).toEqual([10, 10, 3]);
    expect(small.flat().map((e) => e.Id)).toEqual(Array.from({ length: 23 }, (_, i) => String(i)));
    const large = batchesOf([entry(0, 100_000), entry(1, 100_000), entry(2, 100_000)]);
    expect(large.map((batch) => batch.length)).toEqual([2, 1]);
  });

  it('refuses a message SQS could never take before sending anything', async () => {
    process.env.TEST_QUEUE_URL = 'http://queue';
    const send = jest.spyOn(SQSClient.prototype, 'send');
    await expect(
      sendToQueue('TEST_QUEUE_URL', 'test queue', [{ body: 'ok' }, { body: 'y'.repeat(SQS_MAX_BYTES) }]),
    ).rejects.toThrow(/over SQS/);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends FIFO ids and delays as given, and sends again what SQS failed on its own side', async () => {
    process.env.TEST_QUEUE_URL = 'http://queue';
    const calls: { Id?: string; MessageGroupId?: string; DelaySeconds?: number }[][] = [];
    jest.spyOn(SQSClient.prototype, 'send').mockImplementation(async (command: { input?: unknown }) => {
      const entries = (command.input as { Entries: { Id: string }[] }).Entries;
      calls.push(entries);
      return calls.length === 1 ? { Failed: [{ Id: entries[1]?.Id, SenderFault: false, Code: 'InternalError' }] } : {};
    });
    await sendToQueue('TEST_QUEUE_URL', 'test queue', [
      { body: { a: 1 }, groupId: 'g', deduplicationId: 'd1' },
      { body: { a: 2 }, groupId: 'g', deduplicationId: 'd2', delaySeconds: 2000 },
    ]);
    expect(calls[0]).toMatchObject([
      { Id: '0', MessageBody: '{"a":1}', MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
      { Id: '1', MessageGroupId: 'g', DelaySeconds: 900 },
    ]);
    expect(calls[1]?.map((e) => e.Id)).toEqual(['1']);
  });

  it("throws on an entry refused as the sender's fault", async () => {
    process.env.TEST_QUEUE_URL = 'http://queue';
    jest
      .spyOn(SQSClient.prototype, 'send')
      .mockImplementation(async () => ({ Failed: [{ Id: '0', SenderFault: true, Code: 'InvalidMessageContents' }] }));
    await expect(sendToQueue('TEST_QUEUE_URL', 'test queue', [{ body: 1 }])).rejects.toThrow(
      'The test queue refused 1 of 1 messages (InvalidMessageContents)',
    );
  });
});
