import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  SENDER_BATCH_SIZE,
  SENDER_TIMEOUT_SECONDS,
  WEBHOOK_DLQ_NAME,
  WEBHOOK_MAX_RECEIVE_COUNT,
  WEBHOOK_QUEUE_NAME,
} from '../../functions/lib/webhooks/webhook-queue';
import { FailureQueue } from './failure-queue';
import { type DataAccess, HandlerFunction, REPO_ROOT } from './handler-function';

/**
 * Webhook delivery (docs/decisions/0264-webhook-delivery-through-an-sqs-queue-and-a-sender-lambda.md):
 * the queue the writers of webhook events send to (in the pipeline stack, made before the API stack whose
 * handlers send too) and the dead-letter queue of messages the sender could not even log.
 */
export class WebhookQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    // Made before FailureQueue and kept by its ids: the queue may hold messages.
    this.deadLetterQueue = new FailureQueue(this, 'Default', {
      what: 'webhook messages the sender could not handle',
      queueName: `${props.stage}-${WEBHOOK_DLQ_NAME}`,
      ids: { queue: 'DeadLetterQueue', alarm: 'DeadLetterAlarm' },
    }).queue;
    this.queue = new sqs.Queue(this, 'Queue', {
      queueName: `${props.stage}-${WEBHOOK_QUEUE_NAME}`,
      // Six times the sender's timeout, as AWS advises for Lambda event sources.
      visibilityTimeout: Duration.seconds(SENDER_TIMEOUT_SECONDS * 6),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: WEBHOOK_MAX_RECEIVE_COUNT },
    });
  }

  /** WEBHOOK_QUEUE_URL and SendMessage for a function whose grants declare `webhookQueue`. */
  grantSend(fn: { addEnvironment(name: string, value: string): unknown }, role: iam.IRole): void {
    fn.addEnvironment('WEBHOOK_QUEUE_URL', this.queue.queueUrl);
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }),
    );
  }
}

export interface WebhookSenderProps {
  stage: string;
  data: DataAccess;
  logRetention: RetentionDays;
  queue: WebhookQueue;
  /** The data key that encrypts the signing secrets (the KPN data key, api-stack.ts). */
  dataKey: secretsmanager.ISecret;
  /** The console's address: Teams and Slack messages link to the asset there (functions/lib/webhooks/webhook-formats.ts). */
  consoleOrigin: string;
}

/** The sender Lambda: the queue's consumer; not in a VPC, so it reaches only what the internet reaches. */
export class WebhookSender extends Construct {
  readonly handler: HandlerFunction;

  constructor(scope: Construct, id: string, props: WebhookSenderProps) {
    super(scope, id);
    this.handler = new HandlerFunction(this, 'Sender', {
      module: 'webhook-sender',
      entry: path.join(REPO_ROOT, 'functions', 'workers', 'webhook-sender.ts'),
      data: props.data,
      logRetention: props.logRetention,
      timeout: Duration.seconds(SENDER_TIMEOUT_SECONDS),
      environment: { STAGE: props.stage, POWERTOOLS_LOG_LEVEL: 'INFO', CONSOLE_ORIGIN: props.consoleOrigin },
      secrets: { KPN_DATA_KEY_SECRET_ID: props.dataKey },
    });
    props.queue.grantSend(this.handler.function, this.handler.role);
    this.handler.function.addEventSource(
      new SqsEventSource(props.queue.queue, { batchSize: SENDER_BATCH_SIZE, reportBatchItemFailures: true }),
    );
  }
}
