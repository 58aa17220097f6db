import { DeleteMessageBatchCommand, type Message, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { REGION } from './config';

type BatchHandler = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

/**
 * Lambda's SQS event source, locally: receives batches from the SQS stand-in, calls the handler with the
 * SQSEvent Lambda would build, deletes what succeeded and leaves the reported failures (and, on a FIFO queue,
 * every later message of their group) in flight, so the queue redelivers them after the visibility timeout
 * and moves them to the dead-letter queue after maxReceiveCount, as on AWS. A handler that throws fails the
 * whole batch, also as on AWS.
 */
export function startSqsPoller(options: {
  endpoint: string;
  queueUrl: string;
  queueArn: string;
  handler: () => Promise<BatchHandler>;
  batchSize: number;
  /** Pollers side by side (Lambda scales out over message groups the same way). */
  concurrency: number;
  log?: (line: string) => void;
}) {
  const sqs = new SQSClient({
    region: REGION,
    endpoint: options.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  let running = true;
  // Stops a long poll in flight, so stopping the stack never waits out a receive's wait.
  const stopping = new AbortController();
  const toRecord = (message: Message): SQSRecord => ({
    messageId: message.MessageId as string,
    receiptHandle: message.ReceiptHandle as string,
    body: message.Body ?? '',
    attributes: message.Attributes as unknown as SQSRecord['attributes'],
    messageAttributes: {},
    md5OfBody: message.MD5OfBody as string,
    eventSource: 'aws:sqs',
    eventSourceARN: options.queueArn,
    awsRegion: REGION,
  });

  const pollOnce = async () => {
    const received = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: options.queueUrl,
        MaxNumberOfMessages: options.batchSize,
        // Lambda's event source long-polls for up to 20 s, and the stand-in answers as soon as a message comes:
        // an idle stack's pollers then cost nothing between messages (at 1 s, ten pollers took 5 % of a core).
        WaitTimeSeconds: 20,
        MessageSystemAttributeNames: ['All'],
      }),
      { abortSignal: stopping.signal },
    );
    const records = (received.Messages ?? []).map(toRecord);
    if (records.length === 0) return;
    let failed: Set<string>;
    try {
      const response = await (await options.handler())({ Records: records });
      failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (error) {
      options.log?.(`processor failed its batch: ${(error as Error).stack ?? String(error)}`);
      return;
    }
    const blockedGroups = new Set<string>();
    const done = records.filter((record) => {
      const group = record.attributes.MessageGroupId ?? '';
      if (failed.has(record.messageId) || blockedGroups.has(group)) {
        blockedGroups.add(group);
        return false;
      }
      return true;
    });
    if (done.length === 0) return;
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: options.queueUrl,
        Entries: done.map((record, i) => ({ Id: String(i), ReceiptHandle: record.receiptHandle })),
      }),
    );
  };

  const loop = async () => {
    while (running) {
      try {
        await pollOnce();
      } catch (error) {
        if (!running) return;
        options.log?.(`SQS poller: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };
  const loops = Array.from({ length: options.concurrency }, loop);
  return {
    stop: async () => {
      running = false;
      stopping.abort();
      await Promise.all(loops);
      sqs.destroy();
    },
  };
}
