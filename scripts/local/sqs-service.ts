import { HOST, localHttpServer, REGION } from './config';
import { LocalQueue, type QueueConfig, type StoredMessage } from './sqs-queues';

/**
 * The local stand-in for Amazon SQS: the AWS JSON 1.0 protocol that @aws-sdk/client-sqs 3.x speaks
 * (POST / with `X-Amz-Target: AmazonSQS.<Operation>`), for the operations the pipeline uses: SendMessage(Batch),
 * ReceiveMessage (with long polling), DeleteMessage(Batch), ChangeMessageVisibility, GetQueueUrl,
 * GetQueueAttributes. Queues are declared at start (CDK declares them on AWS). Semantics: sqs-queues.ts.
 */
export const LOCAL_ACCOUNT = '000000000000';

type Body = Record<string, unknown>;

class SqsError extends Error {
  constructor(
    readonly type: string,
    readonly queryCode: string,
    message: string,
  ) {
    super(message);
  }
}

const queueNameOf = (url: unknown) =>
  String(url ?? '')
    .split('/')
    .pop() ?? '';

function toWireMessage(message: StoredMessage) {
  return {
    MessageId: message.messageId,
    ReceiptHandle: message.receiptHandle,
    MD5OfBody: message.md5,
    Body: message.body,
    Attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.sentAt),
      ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
      SenderId: LOCAL_ACCOUNT,
      ...(message.groupId !== undefined
        ? {
            MessageGroupId: message.groupId,
            MessageDeduplicationId: message.deduplicationId,
            SequenceNumber: message.sequenceNumber,
          }
        : {}),
    },
  };
}

export function createSqsApi(configs: QueueConfig[], baseUrl: () => string) {
  const queues = new Map<string, LocalQueue>();
  for (const config of configs) queues.set(config.name, new LocalQueue(config, queues));
  const queueUrl = (name: string) => `${baseUrl()}/${LOCAL_ACCOUNT}/${name}`;
  const arn = (name: string) => `arn:aws:sqs:${REGION}:${LOCAL_ACCOUNT}:${name}`;

  const queueOf = (body: Body) => {
    const queue = queues.get(queueNameOf(body.QueueUrl));
    if (!queue)
      throw new SqsError('QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue', 'The queue does not exist.');
    return queue;
  };

  const sendOne = (queue: LocalQueue, entry: Body) => {
    // SQS delays a message at most 15 minutes: a longer wait must be several hops, here as on AWS.
    const delay = entry.DelaySeconds as number | undefined;
    if (delay !== undefined && !(Number.isInteger(delay) && delay >= 0 && delay <= 900))
      throw new SqsError('InvalidParameterValue', 'InvalidParameterValue', 'DelaySeconds must be 0 to 900.');
    if (queue.fifo && !entry.MessageGroupId)
      throw new SqsError('MissingParameter', 'MissingParameter', 'The request must contain MessageGroupId.');
    const sent = queue.send({
      body: String(entry.MessageBody ?? ''),
      groupId: entry.MessageGroupId as string | undefined,
      deduplicationId: entry.MessageDeduplicationId as string | undefined,
      delaySeconds: entry.DelaySeconds as number | undefined,
    });
    return {
      MessageId: sent.messageId,
      MD5OfMessageBody: sent.md5,
      ...(queue.fifo ? { SequenceNumber: sent.sequenceNumber } : {}),
    };
  };

  const operations: Record<string, (body: Body) => Promise<unknown> | unknown> = {
    getQueueUrl: (body) => {
      const name = String(body.QueueName);
      if (!queues.has(name))
        throw new SqsError('QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue', 'The queue does not exist.');
      return { QueueUrl: queueUrl(name) };
    },
    listQueues: () => ({ QueueUrls: [...queues.keys()].map(queueUrl) }),
    sendMessage: (body) => sendOne(queueOf(body), body),
    sendMessageBatch: (body) => {
      const queue = queueOf(body);
      const entries = (body.Entries ?? []) as Body[];
      return { Successful: entries.map((entry) => ({ Id: entry.Id, ...sendOne(queue, entry) })), Failed: [] };
    },
    receiveMessage: async (body) => {
      const queue = queueOf(body);
      const max = Math.min(10, Number(body.MaxNumberOfMessages ?? 1));
      const deadline = Date.now() + Math.min(20, Number(body.WaitTimeSeconds ?? 0)) * 1000;
      for (;;) {
        const messages = queue.receive(max, body.VisibilityTimeout as number | undefined);
        if (messages.length > 0 || Date.now() >= deadline) return { Messages: messages.map(toWireMessage) };
        await queue.waitForChange(Math.min(250, deadline - Date.now()));
      }
    },
    deleteMessage: (body) => {
      queueOf(body).delete(String(body.ReceiptHandle));
      return {};
    },
    deleteMessageBatch: (body) => {
      const queue = queueOf(body);
      const entries = (body.Entries ?? []) as Body[];
      for (const entry of entries) queue.delete(String(entry.ReceiptHandle));
      return { Successful: entries.map((entry) => ({ Id: entry.Id })), Failed: [] };
    },
    changeMessageVisibility: (body) => {
      if (!queueOf(body).changeVisibility(String(body.ReceiptHandle), Number(body.VisibilityTimeout)))
        throw new SqsError('ReceiptHandleIsInvalid', 'ReceiptHandleIsInvalid', 'The receipt handle is not valid.');
      return {};
    },
    getQueueAttributes: (body) => {
      const queue = queueOf(body);
      const { visible, inFlight, delayed } = queue.counts();
      const { name, visibilityTimeoutSeconds, redrive } = queue.config;
      return {
        Attributes: {
          QueueArn: arn(name),
          ApproximateNumberOfMessages: String(visible),
          ApproximateNumberOfMessagesNotVisible: String(inFlight),
          ApproximateNumberOfMessagesDelayed: String(delayed),
          VisibilityTimeout: String(visibilityTimeoutSeconds),
          FifoQueue: String(queue.fifo),
          ...(redrive
            ? {
                RedrivePolicy: JSON.stringify({
                  deadLetterTargetArn: arn(redrive.deadLetterQueue),
                  maxReceiveCount: redrive.maxReceiveCount,
                }),
              }
            : {}),
        },
      };
    },
  };

  return { queues, queueUrl, operations };
}

export async function startSqsService(port: number, configs: QueueConfig[]) {
  const url = `http://${HOST}:${port}`;
  const api = createSqsApi(configs, () => url);
  const server = localHttpServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '');
    // Operations are keyed in camelCase: SendMessage -> sendMessage.
    const name = target.replace(/^AmazonSQS\./, '');
    const operation = api.operations[name.charAt(0).toLowerCase() + name.slice(1)];
    try {
      if (req.method !== 'POST' || !operation)
        throw new SqsError('InvalidAction', 'InvalidAction', `Unsupported operation: ${target || req.url}`);
      const text = Buffer.concat(chunks).toString('utf8');
      const result = await operation(text ? (JSON.parse(text) as Body) : {});
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(result));
    } catch (error) {
      const known = error instanceof SqsError ? error : new SqsError('InternalError', 'InternalError', String(error));
      res.writeHead(known.type === 'InternalError' ? 500 : 400, {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-query-error': `${known.queryCode};Sender`,
      });
      res.end(JSON.stringify({ __type: `com.amazonaws.sqs#${known.type}`, message: known.message }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
  return {
    name: 'SQS (queues)',
    url,
    api,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
