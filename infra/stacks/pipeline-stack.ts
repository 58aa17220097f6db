import * as path from 'node:path';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as iot from 'aws-cdk-lib/aws-iot';
import * as iotwireless from 'aws-cdk-lib/aws-iotwireless';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { CODEC_LANE_CONCURRENCY, CODEC_LANE_QUEUE_NAME } from '../../functions/lib/pipeline/queue/codec-lane';
import {
  PROCESSOR_BATCH_SIZE,
  PROCESSOR_TIMEOUT_SECONDS,
  UPLINK_DLQ_NAME,
  UPLINK_MAX_RECEIVE_COUNT,
  UPLINK_QUEUE_NAME,
  UPLINK_VISIBILITY_TIMEOUT_SECONDS,
} from '../../functions/lib/pipeline/queue/uplink-queue';
import { GATEWAY_UPLINK_RULE_SQL, MQTT_UPLINK_RULE_SQL } from '../../functions/lib/pipeline/topics';
import { AddressGeocoding, type DeployedGeocoderProvider } from '../constructs/address-geocoding';
import { AlarmDelivery } from '../constructs/alarm-delivery';
import { FailureQueue } from '../constructs/failure-queue';
import { type DataAccess, grantSendUplinks, HandlerFunction, REPO_ROOT } from '../constructs/handler-function';
import {
  ALARM_NOTICE_JOB,
  LOAN_DAY_JOB,
  ScheduledJob,
  SILENT_TAG_JOB,
  TENANT_WALK_JOB,
  TIME_RULE_JOB,
} from '../constructs/scheduled-job';
import { WebhookQueue } from '../constructs/webhook-delivery';
import { ZoneStock } from '../constructs/zone-stock';
import { arnPrefixed, IOT_POLICIES, iotPolicyName } from '../iot-policies';
import { acknowledge } from '../nag';

export interface PipelineStackProps extends StackProps {
  stage: string;
  data: DataAccess;
  logRetention: RetentionDays;
  /** Reverse geocoding: CDK context `geocoderProvider` / `geocoderLanguage`. */
  geocoder?: { provider?: DeployedGeocoderProvider; language?: string };
}

const pipelineEntry = (name: string) => path.join(REPO_ROOT, 'functions', 'pipeline', `${name}.ts`);

/**
 * The device event pipeline's path (docs/decisions/0173): IoT topic rules (MQTT JSON tags, and the
 * IoT Core for LoRaWAN destination's rule) -> ingest Lambdas -> SQS FIFO (group = DEVEUI, DLQ after
 * UPLINK_MAX_RECEIVE_COUNT receives, alarm on its depth) -> processor Lambda (ReportBatchItemFailures) ->
 * the event bus. The KPN Things webhook is a route of the API stack that sends to `uplinkQueue`; the alarm
 * side adds its rules and targets to `eventBus`.
 */
export class PipelineStack extends Stack {
  readonly uplinkQueue: sqs.Queue;
  /** Uplinks of a tenant over its codec time, run by the processor at a concurrency of their own. */
  readonly codecLane: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly eventBus: events.EventBus;
  readonly processor: lambda.IFunction;
  readonly dlqAlarm: cloudwatch.Alarm;
  /** The alarm side: SNS topic, alarm handler and the bus rules; the daily loan-day job. */
  readonly alarmDelivery: AlarmDelivery;
  readonly alarmNotices: ScheduledJob;
  readonly loanDays: ScheduledJob;
  /** Addresses of fixes, after the processor. */
  readonly geocoding: AddressGeocoding;
  /** Zone stock counts and alarm types 4/5 on ZoneVisitChanged. */
  readonly zoneStock: ZoneStock;
  /** The silent-tag job every 15 minutes. */
  readonly silentTags: ScheduledJob;
  /** The time-rule job every 15 minutes. */
  readonly timeRules: ScheduledJob;
  /** Webhook delivery's queue: the pipeline's writers and the API's handlers send to it. */
  readonly webhookQueue: WebhookQueue;

  constructor(scope: Construct, id: string, props: PipelineStackProps) {
    super(scope, id, props);
    this.eventBus = new events.EventBus(this, 'EventBus', { eventBusName: `tracking-pipeline-${props.stage}` });

    // Made before FailureQueue and kept by its ids: the queue may hold uplinks.
    const uplinkDeadLetters = new FailureQueue(this, 'Default', {
      what: 'uplinks the processor failed on repeatedly',
      queueName: `${props.stage}-${UPLINK_DLQ_NAME}`,
      fifo: true,
      ids: { queue: 'UplinkDeadLetterQueue', alarm: 'UplinkDeadLetterAlarm' },
    });
    this.deadLetterQueue = uplinkDeadLetters.queue;
    this.dlqAlarm = uplinkDeadLetters.alarm;
    this.uplinkQueue = this.uplinkFifo('UplinkQueue', `${props.stage}-${UPLINK_QUEUE_NAME}`);
    this.codecLane = this.uplinkFifo('CodecLaneQueue', `${props.stage}-${CODEC_LANE_QUEUE_NAME}`);

    // Made before the writers of webhook events (the processor, the alarm handler, the jobs, zone stock).
    this.webhookQueue = new WebhookQueue(this, 'Webhooks', { stage: props.stage });
    this.processor = this.createProcessor(props);
    const mqttIngest = this.createIngest('mqtt-ingest', props);
    const lorawanIngest = this.createIngest('lorawan-ingest', props);
    this.createTopicRules(mqttIngest, lorawanIngest, props.stage);
    const alarmSide = { stage: props.stage, data: props.data, logRetention: props.logRetention };
    this.alarmDelivery = new AlarmDelivery(this, 'AlarmDelivery', { ...alarmSide, eventBus: this.eventBus });
    this.loanDays = new ScheduledJob(this, 'LoanDays', { ...alarmSide, job: LOAN_DAY_JOB });
    this.geocoding = new AddressGeocoding(this, 'Geocoding', {
      ...alarmSide,
      eventBus: this.eventBus,
      ...props.geocoder,
    });
    this.silentTags = new ScheduledJob(this, 'SilentTags', {
      ...alarmSide,
      eventBus: this.eventBus,
      job: SILENT_TAG_JOB,
    });
    this.zoneStock = new ZoneStock(this, 'ZoneStock', { ...alarmSide, eventBus: this.eventBus });
    this.timeRules = new ScheduledJob(this, 'TimeRules', {
      ...alarmSide,
      eventBus: this.eventBus,
      job: TIME_RULE_JOB,
    });
    // Held alarm notices, repeats and escalations: publishes repeats to the alarm topic like the alarm handler.
    this.alarmNotices = new ScheduledJob(this, 'AlarmNotices', { ...alarmSide, job: ALARM_NOTICE_JOB });
    this.alarmDelivery.grantAlarmMail(this.alarmNotices.job);
    // Erasures and re-datings: the walks through a tenant's records of the past run here.
    new ScheduledJob(this, 'TenantWalks', { ...alarmSide, eventBus: this.eventBus, job: TENANT_WALK_JOB });
    const writers = [this.alarmDelivery.handler, this.loanDays.job, this.zoneStock.handler, this.timeRules.job];
    for (const fn of [...writers, ...(this.loanDays.tenantWorker ? [this.loanDays.tenantWorker] : [])]) {
      if (fn.grants.webhookQueue === 'send') this.webhookQueue.grantSend(fn.function, fn.role);
    }

    new CfnOutput(this, 'UplinkQueueUrl', { value: this.uplinkQueue.queueUrl });
    new CfnOutput(this, 'EventBusName', { value: this.eventBus.eventBusName });
  }

  /** The uplink queue and the codec lane: the same FIFO settings, the same dead-letter queue. */
  private uplinkFifo(id: string, queueName: string): sqs.Queue {
    return new sqs.Queue(this, id, {
      queueName,
      fifo: true,
      // The ways in set MessageDeduplicationId (DEVEUI + frame counter), so no content-based deduplication.
      contentBasedDeduplication: false,
      // Throughput per message group (a tenant's tag, message-group.ts), not per queue: thousands of tags in parallel.
      deduplicationScope: sqs.DeduplicationScope.MESSAGE_GROUP,
      fifoThroughputLimit: sqs.FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
      visibilityTimeout: Duration.seconds(UPLINK_VISIBILITY_TIMEOUT_SECONDS),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: UPLINK_MAX_RECEIVE_COUNT },
    });
  }

  private createProcessor(props: PipelineStackProps): lambda.IFunction {
    const processor = new HandlerFunction(this, 'Processor', {
      module: 'pipeline-processor',
      entry: pipelineEntry('processor'),
      data: props.data,
      logRetention: props.logRetention,
      memorySize: 1024,
      timeout: Duration.seconds(PROCESSOR_TIMEOUT_SECONDS),
      environment: { STAGE: props.stage, EVENT_BUS_NAME: this.eventBus.eventBusName, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    if (processor.grants.eventBus) this.eventBus.grantPutEventsTo(processor.role);
    if (processor.grants.webhookQueue === 'send') this.webhookQueue.grantSend(processor.function, processor.role);
    processor.function.addEventSource(
      new SqsEventSource(this.uplinkQueue, { batchSize: PROCESSOR_BATCH_SIZE, reportBatchItemFailures: true }),
    );
    if (processor.grants.codecLane) {
      // The same function on the lane, at the lane's own concurrency: a tenant over its codec time runs there.
      processor.function.addEnvironment('CODEC_LANE_QUEUE_URL', this.codecLane.queueUrl);
      grantSendUplinks(processor.role, this.codecLane);
      processor.function.addEventSource(
        new SqsEventSource(this.codecLane, {
          batchSize: PROCESSOR_BATCH_SIZE,
          reportBatchItemFailures: true,
          maxConcurrency: CODEC_LANE_CONCURRENCY,
        }),
      );
    }
    return processor.function;
  }

  private createIngest(name: string, props: PipelineStackProps): lambda.IFunction {
    const ingest = new HandlerFunction(this, `Ingest-${name}`, {
      module: `pipeline-${name}`,
      entry: pipelineEntry(name),
      data: props.data,
      logRetention: props.logRetention,
      timeout: Duration.seconds(10),
      environment: { STAGE: props.stage, UPLINK_QUEUE_URL: this.uplinkQueue.queueUrl, POWERTOOLS_LOG_LEVEL: 'INFO' },
    });
    if (ingest.grants.uplinkQueue === 'send') grantSendUplinks(ingest.role, this.uplinkQueue);
    return ingest.function;
  }

  /** What a device thing and a gateway thing may do on the broker (infra/iot-policies.ts). */
  private createThingPolicies(stage: string) {
    const prefix = `arn:${this.partition}:iot:${this.region}:${this.account}:`;
    for (const kind of ['device', 'gateway'] as const) {
      new iot.CfnPolicy(this, `${kind === 'device' ? 'Device' : 'Gateway'}ThingPolicy`, {
        policyName: iotPolicyName(stage, kind),
        policyDocument: arnPrefixed(IOT_POLICIES[kind], prefix),
      });
    }
  }

  /**
   * IoT hands a message to Lambda asynchronously: a failed hand-over goes to the rule's error action, an ingest
   * that throws on Lambda's retries to the function's onFailure destination; both to one queue.
   */
  private keepFailedUplinks(ingests: lambda.IFunction[]): { queueUrl: string; roleArn: string } {
    const failed = new FailureQueue(this, 'IotRuleFailures', { what: 'uplinks the IoT rules could not ingest' });
    for (const ingest of ingests) {
      ingest.configureAsyncInvoke({
        retryAttempts: 2,
        maxEventAge: Duration.hours(1),
        onFailure: new destinations.SqsDestination(failed.queue),
      });
    }
    return { queueUrl: failed.queue.queueUrl, roleArn: failed.iotErrorActionRole().roleArn };
  }

  /** One rule per way in over IoT Core; each may invoke only its own function. */
  private createTopicRules(mqttIngest: lambda.IFunction, lorawanIngest: lambda.IFunction, stage: string) {
    const ruleName = (way: string) => `tracking_${stage.replace(/[^A-Za-z0-9_]/g, '_')}_${way}_uplink`;
    const failed = this.keepFailedUplinks([mqttIngest, lorawanIngest]);
    const rule = (id: string, name: string, sql: string, target: lambda.IFunction) => {
      const topicRule = new iot.CfnTopicRule(this, id, {
        ruleName: name,
        topicRulePayload: {
          sql,
          awsIotSqlVersion: '2016-03-23',
          ruleDisabled: false,
          actions: [{ lambda: { functionArn: target.functionArn } }],
          errorAction: { sqs: { ...failed, useBase64: true } },
        },
      });
      target.addPermission(`${id}Invoke`, {
        principal: new iam.ServicePrincipal('iot.amazonaws.com'),
        sourceArn: topicRule.attrArn,
        sourceAccount: this.account,
      });
      return topicRule;
    };
    rule('MqttUplinkRule', ruleName('mqtt'), MQTT_UPLINK_RULE_SQL, mqttIngest);
    // Gateways: the tenant level is the one the gateway policy allowed (its thing's attribute), so the rule
    // hands it on as the tenant the uplink carries; the processor refuses another tenant's tag.
    rule('GatewayUplinkRule', ruleName('gateway'), GATEWAY_UPLINK_RULE_SQL, mqttIngest);
    this.createThingPolicies(stage);
    // IoT Core for LoRaWAN hands each uplink to the rule its destination names (no topic in between).
    const lorawanRule = rule('LorawanUplinkRule', ruleName('lorawan'), 'SELECT *', lorawanIngest);

    const destinationRole = new iam.Role(this, 'LorawanDestinationRole', {
      assumedBy: new iam.ServicePrincipal('iotwireless.amazonaws.com'),
      description: 'IoT Core for LoRaWAN: deliver uplinks to the tracking uplink rule',
    });
    destinationRole.addToPolicy(new iam.PolicyStatement({ actions: ['iot:DescribeEndpoint'], resources: ['*'] }));
    destinationRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['iot:Publish'],
        resources: [
          this.formatArn({ service: 'iot', resource: 'topic', resourceName: `$aws/rules/${lorawanRule.ruleName}` }),
        ],
      }),
    );
    acknowledge(
      destinationRole,
      'iot:DescribeEndpoint has no resource-level permissions; the role may only publish to its one rule.',
      'AwsSolutions-IAM5[Resource::*]',
    );
    new iotwireless.CfnDestination(this, 'LorawanDestination', {
      name: `tracking-${stage}-uplinks`,
      description: 'LoRaWAN tags of the tracking console: uplinks to the ingest rule',
      expressionType: 'RuleName',
      expression: lorawanRule.ruleName as string,
      roleArn: destinationRole.roleArn,
    });
  }
}
