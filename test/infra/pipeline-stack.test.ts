import { Match } from 'aws-cdk-lib/assertions';
import { CODEC_LANE_CONCURRENCY } from '../../functions/lib/pipeline/queue/codec-lane';
import {
  PROCESSOR_BATCH_SIZE,
  UPLINK_MAX_RECEIVE_COUNT,
  UPLINK_VISIBILITY_TIMEOUT_SECONDS,
} from '../../functions/lib/pipeline/queue/uplink-queue';
import { MQTT_UPLINK_TOPIC_FILTER } from '../../functions/lib/pipeline/topics';
import { resourcesOf, type Synthesized, synthTracking } from './synth';

let s: Synthesized;
beforeAll(() => {
  s = synthTracking();
});

const pipeline = () => s.template(s.pipeline);

describe('device event pipeline stack', () => {
  it('has the FIFO uplink queue with its FIFO dead-letter queue, encrypted and TLS-only', () => {
    // The alarm side's dead-letter queues (alarm-delivery.test.ts) live in this stack too.
    const queues = resourcesOf(pipeline(), 'AWS::SQS::Queue').filter(([id]) => id.startsWith('Uplink'));
    expect(queues).toHaveLength(2);
    for (const [, queue] of queues) expect(queue).toMatchObject({ FifoQueue: true, SqsManagedSseEnabled: true });
    pipeline().hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'dev-tracking-uplinks.fifo',
      ContentBasedDeduplication: false,
      DeduplicationScope: 'messageGroup',
      FifoThroughputLimit: 'perMessageGroupId',
      VisibilityTimeout: UPLINK_VISIBILITY_TIMEOUT_SECONDS,
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: UPLINK_MAX_RECEIVE_COUNT },
    });
    expect(resourcesOf(pipeline(), 'AWS::SQS::QueuePolicy').filter(([id]) => id.startsWith('Uplink'))).toHaveLength(2);
  });

  it('has the codec lane: a FIFO queue like the uplink queue, its dead letters in the same queue, the processor on it at its own concurrency', () => {
    const template = pipeline();
    const [[, lane]] = resourcesOf(template, 'AWS::SQS::Queue').filter(([id]) => id.startsWith('CodecLane')) as [
      [string, { RedrivePolicy: unknown }],
    ];
    const [[uplinkId, uplink]] = resourcesOf(template, 'AWS::SQS::Queue').filter(([id]) =>
      id.startsWith('UplinkQueue'),
    ) as [[string, { RedrivePolicy: unknown }]];
    expect(uplinkId).toBeDefined();
    expect(lane).toMatchObject({
      QueueName: 'dev-tracking-uplinks-codec-lane.fifo',
      FifoQueue: true,
      SqsManagedSseEnabled: true,
      DeduplicationScope: 'messageGroup',
      VisibilityTimeout: UPLINK_VISIBILITY_TIMEOUT_SECONDS,
    });
    expect(lane.RedrivePolicy).toEqual(uplink.RedrivePolicy);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: PROCESSOR_BATCH_SIZE,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: CODEC_LANE_CONCURRENCY },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ CODEC_LANE_QUEUE_URL: Match.anyValue() }) },
    });
  });

  it('alarms on the dead-letter queue depth', () => {
    pipeline().hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('feeds the processor in batches with partial batch failures reported', () => {
    pipeline().hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: PROCESSOR_BATCH_SIZE,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    pipeline().hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ EVENT_BUS_NAME: Match.anyValue(), TABLE_NAME: Match.anyValue() }) },
      Timeout: 30,
    });
  });

  it('has the event bus the processor may put events on, for the alarm rules', () => {
    pipeline().hasResourceProperties('AWS::Events::EventBus', { Name: 'tracking-pipeline-dev' });
    const policies = resourcesOf(pipeline(), 'AWS::IAM::Policy').map(([, p]) => JSON.stringify(p));
    expect(policies.some((p) => p.includes('events:PutEvents'))).toBe(true);
    expect(s.pipeline.eventBus).toBeDefined();
  });

  it('routes MQTT uplinks and the LoRaWAN destination through topic rules to the ingest functions', () => {
    pipeline().hasResourceProperties('AWS::IoT::TopicRule', {
      // The message with topic(2), which the ingest holds every uplink in it to.
      TopicRulePayload: Match.objectLike({
        Sql: `SELECT encode(*, 'base64') AS payload, topic(2) AS topicDevEui FROM '${MQTT_UPLINK_TOPIC_FILTER}'`,
      }),
    });
    pipeline().hasResourceProperties('AWS::IoT::TopicRule', {
      RuleName: 'tracking_dev_lorawan_uplink',
      TopicRulePayload: Match.objectLike({ Sql: 'SELECT *' }),
    });
    pipeline().hasResourceProperties('AWS::IoTWireless::Destination', {
      ExpressionType: 'RuleName',
      Expression: 'tracking_dev_lorawan_uplink',
    });
    const permissions = resourcesOf(pipeline(), 'AWS::Lambda::Permission');
    // Tags, gateways and the LoRaWAN destination.
    expect(permissions.filter(([, p]) => p.Principal === 'iot.amazonaws.com')).toHaveLength(3);
    const ingest = resourcesOf(pipeline(), 'AWS::Lambda::Function').filter(([, f]) =>
      JSON.stringify(f).includes('UPLINK_QUEUE_URL'),
    );
    expect(ingest).toHaveLength(2);
  });

  it('gives the KPN Things webhook route (public) the queue and the data key', () => {
    const api = s.template(s.api);
    api.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'POST /api/things/uplink',
      AuthorizationType: 'NONE',
    });
    const webhook = resourcesOf(api, 'AWS::Lambda::Function').filter(([, f]) =>
      JSON.stringify(f).includes('UPLINK_QUEUE_URL'),
    );
    expect(webhook).toHaveLength(1);
    expect(JSON.stringify(webhook[0]?.[1])).toContain('KPN_DATA_KEY_SECRET_ID');
  });
});
