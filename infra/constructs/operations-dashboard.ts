import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { METRIC, METRIC_SERVICES } from '../../functions/lib/observability/names';
import { OPERATIONS_PERIOD, ProductMetrics } from './operations-metrics';

/** Oldest uplink waiting longer than this for 3 minutes on end (docs/operations.md, "Uplinks wait"). */
export const QUEUE_AGE_ALARM_SECONDS = 300;
/** Percent of a 5-minute period's uplinks refused, 3 periods on end, with at least MIN uplinks a period. */
export const REJECTION_RATE_ALARM_PERCENT = 25;
export const REJECTION_RATE_MIN_UPLINKS = 20;

export interface OperationsDashboardProps {
  stage: string;
  httpApi: apigw.IHttpApi;
  /** The device pipeline's uplink queue: its oldest message's age is the processor's backlog. */
  uplinkQueue?: sqs.IQueue;
  /** Where the dead-letter queues are (their depth alarms are found there): the pipeline and API stacks. */
  watched: IConstruct[];
}

/**
 * What an on-call engineer looks at (docs/operations.md). A CloudWatch dashboard of the
 * product's EMF metrics (uplinks by way in and reason, processor lag, alarm mails, export jobs, webhooks), the
 * API's errors and latency, the uplink queue's backlog and every dead-letter queue's depth; and the alarms on
 * the backlog, the rejection rate and the dead-letter queues. OpsAlarms mails them when alarmEmail is set.
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;
  /** The alarms this construct adds (OpsAlarms gives them the operators' topic). */
  readonly alarms: cloudwatch.AlarmBase[] = [];
  /** The depth alarms of every dead-letter queue (each made beside its queue, without an action). */
  readonly deadLetterAlarms: cloudwatch.Alarm[];

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const product = new ProductMetrics(props.stage);
    this.deadLetterAlarms = deadLetterAlarmsIn(props.watched);
    this.addAlarms(product, props);
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `tracking-${props.stage}-operations`,
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({
        title: 'Operator alarms',
        alarms: [...this.alarms, ...this.deadLetterAlarms],
        width: 24,
        height: 4,
      }),
    );
    this.addUplinkWidgets(product, props.uplinkQueue);
    this.addApiAndQueueWidgets(props.httpApi);
    this.addWorkWidgets(product);
  }

  private addAlarms(product: ProductMetrics, props: OperationsDashboardProps) {
    if (props.uplinkQueue) {
      this.alarms.push(
        new cloudwatch.Alarm(this, 'UplinkQueueAge', {
          alarmDescription:
            'Uplinks wait in the queue: the processor is failing, throttled or one tag is stuck (docs/operations.md).',
          metric: props.uplinkQueue.metricApproximateAgeOfOldestMessage({
            period: Duration.minutes(1),
            statistic: 'Maximum',
          }),
          threshold: QUEUE_AGE_ALARM_SECONDS,
          evaluationPeriods: 3,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }
    this.alarms.push(
      new cloudwatch.Alarm(this, 'UplinkRejectionRate', {
        alarmDescription:
          'Many uplinks are refused: a way in, a codec or a network changed its format (docs/operations.md).',
        metric: product.rejectionRate(REJECTION_RATE_MIN_UPLINKS),
        threshold: REJECTION_RATE_ALARM_PERCENT,
        evaluationPeriods: 3,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
    if (this.deadLetterAlarms.length > 0) {
      // One mailed alarm over every dead-letter queue's own alarm: its message names the queue that triggered it.
      this.alarms.push(
        new cloudwatch.CompositeAlarm(this, 'DeadLetters', {
          alarmDescription: 'Failed runs are waiting in a dead-letter queue (docs/operations.md, "Dead letters").',
          alarmRule: cloudwatch.AlarmRule.anyOf(
            ...this.deadLetterAlarms.map((alarm) => cloudwatch.AlarmRule.fromAlarm(alarm, cloudwatch.AlarmState.ALARM)),
          ),
        }),
      );
    }
  }

  private addUplinkWidgets(product: ProductMetrics, uplinkQueue?: sqs.IQueue) {
    const graph = (title: string, left: cloudwatch.IMetric[], extra: Partial<cloudwatch.GraphWidgetProps> = {}) =>
      new cloudwatch.GraphWidget({ title, left, width: 8, height: 6, ...extra });
    this.dashboard.addWidgets(
      graph('Uplinks accepted by way in', product.uplinksByWayIn(METRIC.uplinksAccepted), { stacked: true }),
      graph('Uplinks rejected by way in and reason', [product.rejectionsByReason()], { stacked: true }),
      graph('Rejected uplinks (%)', [product.rejectionRate(1)], {
        leftAnnotations: [{ value: REJECTION_RATE_ALARM_PERCENT, label: 'alarm' }],
      }),
    );
    const lag = (statistic: string) =>
      product.uplinks(METRIC.processorLag, { statistic, label: `lag ${statistic} (ms)` });
    this.dashboard.addWidgets(
      graph('Processor lag, receipt to writes (ms)', [lag('p50'), lag('p99'), lag('Maximum')]),
      graph('Uplinks queued by way in', product.uplinksByWayIn(METRIC.uplinksQueued), { stacked: true }),
      ...(uplinkQueue
        ? [
            graph(
              'Uplink queue: oldest message (s)',
              [uplinkQueue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: 'Maximum' })],
              {
                right: [uplinkQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1) })],
                leftAnnotations: [{ value: QUEUE_AGE_ALARM_SECONDS, label: 'alarm' }],
              },
            ),
          ]
        : []),
    );
  }

  private addApiAndQueueWidgets(httpApi: apigw.IHttpApi) {
    const period = OPERATIONS_PERIOD;
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API answers 5xx and 4xx',
        left: [httpApi.metricServerError({ period, statistic: 'Sum' })],
        right: [httpApi.metricClientError({ period, statistic: 'Sum' })],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency (ms)',
        left: ['p50', 'p99'].map((statistic) => httpApi.metricLatency({ period, statistic, label: statistic })),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Dead-letter queues: messages waiting',
        // Each line named after its queue's construct (e.g. Pipeline/UplinkDeadLetterAlarm's queue).
        left: this.deadLetterAlarms.map((alarm) =>
          (alarm.metric as cloudwatch.Metric).with({ label: alarm.node.path.split('/').slice(0, -1).join('/') }),
        ),
        width: 8,
      }),
    );
  }

  private addWorkWidgets(product: ProductMetrics) {
    const sum = (service: Parameters<ProductMetrics['metric']>[0], name: Parameters<ProductMetrics['metric']>[1]) =>
      product.metric(service, name, { label: name });
    const exportDuration = (statistic: string) =>
      product.metric(METRIC_SERVICES.exports, METRIC.exportDuration, { statistic, label: `duration ${statistic}` });
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Alarm mails',
        left: [
          sum(METRIC_SERVICES.alarmMail, METRIC.alarmMailsSent),
          sum(METRIC_SERVICES.alarmMail, METRIC.alarmMailsFailed),
        ],
        width: 6,
      }),
      new cloudwatch.GraphWidget({
        title: 'Export jobs',
        left: [METRIC.exportJobsStarted, METRIC.exportJobsSucceeded, METRIC.exportJobsFailed].map((name) =>
          sum(METRIC_SERVICES.exports, name),
        ),
        right: [sum(METRIC_SERVICES.exports, METRIC.exportRows)],
        width: 6,
      }),
      new cloudwatch.GraphWidget({
        title: 'Export duration (ms)',
        left: [exportDuration('p50'), exportDuration('Maximum')],
        width: 6,
      }),
      new cloudwatch.GraphWidget({
        title: 'Webhook attempts',
        left: [
          sum(METRIC_SERVICES.webhooks, METRIC.webhookDeliveries),
          sum(METRIC_SERVICES.webhooks, METRIC.webhookFailures),
        ],
        width: 6,
      }),
      // What writes queued for others (bus, webhooks, live, metrics) and could not be sent: the writes stand.
      new cloudwatch.GraphWidget({
        title: 'Effects not flushed',
        left: [sum(METRIC_SERVICES.effects, METRIC.effectsNotFlushed)],
        width: 6,
      }),
    );
  }
}

/**
 * The depth alarm of every queue that keeps failed runs (every one a FailureQueue): each
 * is made beside its queue in its own stack, and the failure-destinations infra test holds every such queue
 * to have one. Found here, so a queue added later is watched without a line in this file.
 */
export function deadLetterAlarmsIn(scopes: IConstruct[]): cloudwatch.Alarm[] {
  return scopes
    .flatMap((scope) => scope.node.findAll())
    .filter((c): c is cloudwatch.Alarm => c instanceof cloudwatch.Alarm)
    .filter((alarm) => {
      const metric = alarm.metric;
      return (
        metric instanceof cloudwatch.Metric &&
        metric.namespace === 'AWS/SQS' &&
        metric.metricName === 'ApproximateNumberOfMessagesVisible'
      );
    });
}
