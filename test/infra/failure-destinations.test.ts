import type { Template } from 'aws-cdk-lib/assertions';
import { resourcesOf, type Synthesized, synthTracking } from './synth';

/**
 * Every asynchronous invocation and rule keeps a run that failed for good (a dead-letter
 * queue, an onFailure destination or an error action) and every such queue raises an alarm when one is there.
 */
let s: Synthesized;
beforeAll(() => {
  s = synthTracking();
});

const templates = (): [string, Template][] => [
  ['pipeline', s.template(s.pipeline)],
  ['api', s.template(s.api)],
];

/** The logical id a CloudFormation value refers to (Ref or Fn::GetAtt). */
const refOf = (value: unknown): string | undefined => {
  const node = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] } | undefined;
  return node?.Ref ?? node?.['Fn::GetAtt']?.[0];
};

/** Functions invoked asynchronously in each stack, by a part of their logical id. */
const ASYNC_FUNCTIONS: Record<string, string[]> = {
  pipeline: [
    'AlarmHandler',
    'LoanDaysJob',
    'LoanDaysTenantWorker',
    'Ingestmqttingest',
    'Ingestlorawaningest',
    'Geocoder',
  ],
  api: ['Workerexport'],
};

describe('failure destinations of asynchronous runs', () => {
  it('gives every IoT topic rule an error action to a queue', () => {
    const rules = resourcesOf(s.template(s.pipeline), 'AWS::IoT::TopicRule');
    expect(rules.length).toBeGreaterThanOrEqual(3);
    for (const [id, rule] of rules) {
      const payload = rule.TopicRulePayload as { ErrorAction?: { Sqs?: { QueueUrl?: unknown } } };
      expect({ id, queue: refOf(payload.ErrorAction?.Sqs?.QueueUrl) }).toEqual({ id, queue: expect.any(String) });
    }
  });

  it('gives every EventBridge rule target a dead-letter queue, retries and a maximum event age', () => {
    const rules = resourcesOf(s.template(s.pipeline), 'AWS::Events::Rule');
    expect(rules.length).toBeGreaterThan(0);
    for (const [id, rule] of rules) {
      for (const target of rule.Targets as Record<string, unknown>[]) {
        expect({ id, target }).toMatchObject({
          id,
          target: {
            DeadLetterConfig: { Arn: expect.anything() },
            RetryPolicy: { MaximumRetryAttempts: expect.any(Number), MaximumEventAgeInSeconds: expect.any(Number) },
          },
        });
      }
    }
  });

  it('gives every Scheduler schedule a dead-letter queue and a retry policy', () => {
    const schedules = resourcesOf(s.template(s.pipeline), 'AWS::Scheduler::Schedule');
    expect(schedules.length).toBeGreaterThan(0);
    for (const [, schedule] of schedules) {
      expect(schedule.Target).toMatchObject({
        DeadLetterConfig: { Arn: expect.anything() },
        RetryPolicy: { MaximumRetryAttempts: expect.any(Number) },
      });
    }
  });

  it('gives every asynchronously invoked function an onFailure destination', () => {
    for (const [stack, template] of templates()) {
      const configs = resourcesOf(template, 'AWS::Lambda::EventInvokeConfig');
      for (const part of ASYNC_FUNCTIONS[stack] ?? []) {
        const config = configs.find(([, c]) => JSON.stringify(c.FunctionName).includes(part));
        const onFailure = (config?.[1].DestinationConfig as { OnFailure?: { Destination?: unknown } } | undefined)
          ?.OnFailure?.Destination;
        expect({ stack, part, destination: refOf(onFailure) }).toEqual({
          stack,
          part,
          destination: expect.any(String),
        });
      }
    }
  });

  it('alarms on the depth of every queue a failed run lands in', () => {
    for (const [stack, template] of templates()) {
      const alarmed = new Set(
        resourcesOf(template, 'AWS::CloudWatch::Alarm')
          .filter(([, alarm]) => alarm.MetricName === 'ApproximateNumberOfMessagesVisible')
          .flatMap(([, alarm]) => (alarm.Dimensions as { Value: unknown }[]).map((d) => refOf(d.Value))),
      );
      const kept = new Set<string | undefined>();
      for (const [, rule] of resourcesOf(template, 'AWS::IoT::TopicRule'))
        kept.add(
          refOf((rule.TopicRulePayload as { ErrorAction: { Sqs: { QueueUrl: unknown } } }).ErrorAction.Sqs.QueueUrl),
        );
      for (const [, config] of resourcesOf(template, 'AWS::Lambda::EventInvokeConfig'))
        kept.add(
          refOf((config.DestinationConfig as { OnFailure?: { Destination?: unknown } })?.OnFailure?.Destination),
        );
      for (const [, schedule] of resourcesOf(template, 'AWS::Scheduler::Schedule'))
        kept.add(refOf((schedule.Target as { DeadLetterConfig: { Arn: unknown } }).DeadLetterConfig.Arn));
      kept.delete(undefined);
      expect(kept.size).toBeGreaterThan(0);
      for (const queue of kept)
        expect({ stack, queue, alarmed: alarmed.has(queue) }).toEqual({ stack, queue, alarmed: true });
    }
  });
});
