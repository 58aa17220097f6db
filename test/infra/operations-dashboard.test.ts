import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { METRIC, metricsNamespace } from '../../functions/lib/observability/names';
import {
  QUEUE_AGE_ALARM_SECONDS,
  REJECTION_RATE_ALARM_PERCENT,
  REJECTION_RATE_MIN_UPLINKS,
} from '../../infra/constructs/operations-dashboard';
import { FULL_CONTEXT, resourcesOf, type Synthesized, synthTracking } from './synth';

/** The on-call engineer's dashboard, its alarms, and tracing on every function of ours. */
let s: Synthesized;
beforeAll(() => {
  s = synthTracking(FULL_CONTEXT);
});

const api = () => s.template(s.api);
const NAMESPACE = metricsNamespace(FULL_CONTEXT.stage);
const alarms = (template: Template) => resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm);
const isDeadLetterAlarm = (alarm: Record<string, unknown>) =>
  alarm.Namespace === 'AWS/SQS' && alarm.MetricName === 'ApproximateNumberOfMessagesVisible';
const opsTopicActions = (alarm: Record<string, unknown>) => JSON.stringify(alarm.AlarmActions ?? []);

/** The dashboard body with its tokens (Refs, imports) flattened to text. */
function dashboardBody(): string {
  const [[, dashboard] = []] = resourcesOf(api(), 'AWS::CloudWatch::Dashboard');
  expect(dashboard?.DashboardName).toBe('tracking-prod-operations');
  const body = dashboard?.DashboardBody as { 'Fn::Join'?: [string, unknown[]] } | string;
  const parts = typeof body === 'string' ? [body] : (body['Fn::Join']?.[1] ?? []);
  return parts.map((part) => (typeof part === 'string' ? part : '<token>')).join('');
}

describe('operations dashboard', () => {
  it("shows the product's metrics, the API, the uplink queue and every dead-letter queue", () => {
    const body = dashboardBody();
    for (const title of [
      'Operator alarms',
      'Uplinks accepted by way in',
      'Uplinks rejected by way in and reason',
      'Rejected uplinks (%)',
      'Processor lag, receipt to writes (ms)',
      'Uplink queue: oldest message (s)',
      'API answers 5xx and 4xx',
      'API latency (ms)',
      'Dead-letter queues: messages waiting',
      'Alarm mails',
      'Export jobs',
      'Export duration (ms)',
      'Webhook attempts',
      'Effects not flushed',
    ])
      expect(body).toContain(`"title":"${title}"`);
    for (const name of Object.values(METRIC)) expect(body).toContain(`"${name}"`);
    expect(body).toContain(`"${NAMESPACE}"`);
    expect(body).toContain('ApproximateAgeOfOldestMessage');
    expect(body).toContain(`SEARCH('{${NAMESPACE},service,WayIn,Reason} MetricName=\\"UplinksRejected\\"'`);
    for (const wayIn of ['kpn', 'mqtt', 'lorawan', 'tts', 'chirpstack']) expect(body).toContain(`"WayIn","${wayIn}"`);
    const deadLetters = [...alarms(s.template(s.pipeline)), ...alarms(api())].filter(isDeadLetterAlarm).length;
    expect(deadLetters).toBeGreaterThanOrEqual(9);
    expect(body.split('"ApproximateNumberOfMessagesVisible"').length - 1).toBe(deadLetters + 1);
  });
});

describe('operator alarms', () => {
  it("alarms on the uplink queue's oldest message, mailed to the operators", () => {
    const age = alarms(api()).find((alarm) => alarm.MetricName === 'ApproximateAgeOfOldestMessage');
    expect(age).toMatchObject({
      Namespace: 'AWS/SQS',
      Statistic: 'Maximum',
      Period: 60,
      Threshold: QUEUE_AGE_ALARM_SECONDS,
      EvaluationPeriods: 3,
      TreatMissingData: 'notBreaching',
    });
    expect(JSON.stringify(age?.Dimensions)).toContain('UplinkQueue');
    expect(opsTopicActions(age ?? {})).toContain('OpsAlarmsTopic');
  });

  it('alarms on the rejection rate: rejected / (accepted + rejected) of the totals, with a floor of uplinks', () => {
    const rate = alarms(api()).find((alarm) => Array.isArray(alarm.Metrics)) as { Metrics: Record<string, unknown>[] };
    expect(rate).toMatchObject({ Threshold: REJECTION_RATE_ALARM_PERCENT, EvaluationPeriods: 3 });
    const [expression, ...inputs] = rate.Metrics;
    expect(expression?.Expression).toBe(
      `IF((FILL(accepted, 0) + FILL(rejected, 0)) >= ${REJECTION_RATE_MIN_UPLINKS}, 100 * FILL(rejected, 0) / (FILL(accepted, 0) + FILL(rejected, 0)), 0)`,
    );
    expect(inputs.map((input) => [input.Id, input.MetricStat])).toEqual([
      [
        'accepted',
        {
          Metric: {
            Namespace: NAMESPACE,
            MetricName: METRIC.uplinksAccepted,
            Dimensions: [{ Name: 'service', Value: 'uplinks' }],
          },
          Period: 300,
          Stat: 'Sum',
        },
      ],
      [
        'rejected',
        {
          Metric: {
            Namespace: NAMESPACE,
            MetricName: METRIC.uplinksRejected,
            Dimensions: [{ Name: 'service', Value: 'uplinks' }],
          },
          Period: 300,
          Stat: 'Sum',
        },
      ],
    ]);
    expect(opsTopicActions(rate)).toContain('OpsAlarmsTopic');
  });

  it("mails when any dead-letter queue holds a message: one composite over every queue's depth alarm", () => {
    const [[, composite] = []] = resourcesOf(api(), 'AWS::CloudWatch::CompositeAlarm');
    const rule = JSON.stringify(composite?.AlarmRule);
    const pipelineAlarms = resourcesOf(s.template(s.pipeline), 'AWS::CloudWatch::Alarm').filter(([, a]) =>
      isDeadLetterAlarm(a),
    );
    const apiAlarms = resourcesOf(api(), 'AWS::CloudWatch::Alarm').filter(([, a]) => isDeadLetterAlarm(a));
    expect(rule.split('ALARM(').length - 1).toBe(pipelineAlarms.length + apiAlarms.length);
    // The API stack's own by reference, the pipeline's as its stack's outputs (named after the alarm).
    for (const [id] of [...pipelineAlarms, ...apiAlarms]) expect(rule).toContain(id);
    expect(opsTopicActions(composite ?? {})).toContain('OpsAlarmsTopic');
  });

  it('keeps the dashboard and its alarms without alarmEmail, unmailed', () => {
    const quiet = synthTracking({ stage: 'test' });
    const template = quiet.template(quiet.api);
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    template.resourceCountIs('AWS::CloudWatch::CompositeAlarm', 1);
    for (const alarm of alarms(template)) expect(alarm.AlarmActions).toBeUndefined();
  });
});

describe('tracing', () => {
  it("runs every function of ours with active X-Ray tracing, the rights to send traces and the stage's name", () => {
    const stacks = s.app.node.children.filter((child): child is Stack => Stack.isStack(child));
    let checked = 0;
    for (const stack of stacks) {
      const template = s.template(stack);
      const policies = resourcesOf(template, 'AWS::IAM::Policy');
      for (const [id, fn] of resourcesOf(template, 'AWS::Lambda::Function')) {
        const env = (fn.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
        if (!env.POWERTOOLS_SERVICE_NAME) continue;
        checked++;
        expect({ id, tracing: fn.TracingConfig }).toEqual({ id, tracing: { Mode: 'Active' } });
        // The metrics' namespace is the stage's (functions/lib/observability/names.ts).
        expect({ id, stage: env.STAGE }).toEqual({ id, stage: FULL_CONTEXT.stage });
        const role = JSON.stringify(fn.Role);
        const roleId = /"Fn::GetAtt":\["([^"]+)"/.exec(role)?.[1] ?? '';
        const xray = policies.some(
          ([, policy]) =>
            JSON.stringify(policy.Roles).includes(`"${roleId}"`) &&
            JSON.stringify(policy.PolicyDocument).includes('xray:PutTraceSegments'),
        );
        expect({ id, xray }).toEqual({ id, xray: true });
      }
    }
    expect(checked).toBeGreaterThan(25);
  });
});
