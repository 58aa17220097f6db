import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import {
  DIMENSION,
  METRIC,
  METRIC_SERVICES,
  type MetricName,
  type MetricService,
  metricsNamespace,
  WAYS_IN,
} from '../../functions/lib/observability/names';

/**
 * The product's own metrics (functions/lib/observability/names.ts) as CDK metrics, for the operations
 * dashboard and its alarms. The handlers publish every metric also with `service` alone as its dimensions, so
 * a total is one metric here; a breakdown by way in names its closed list, by reason a SEARCH (graphs only).
 */
export const OPERATIONS_PERIOD = Duration.minutes(5);

export class ProductMetrics {
  readonly namespace: string;

  constructor(stage: string) {
    this.namespace = metricsNamespace(stage);
  }

  metric(
    service: MetricService,
    name: MetricName,
    options: { statistic?: string; label?: string; dimensions?: Record<string, string> } = {},
  ): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: this.namespace,
      metricName: name,
      dimensionsMap: { service, ...options.dimensions },
      statistic: options.statistic ?? 'Sum',
      period: OPERATIONS_PERIOD,
      ...(options.label ? { label: options.label } : {}),
    });
  }

  uplinks(name: MetricName, options: { statistic?: string; label?: string } = {}) {
    return this.metric(METRIC_SERVICES.uplinks, name, options);
  }

  /** One line per way in (a closed list of five). */
  uplinksByWayIn(name: MetricName): cloudwatch.Metric[] {
    return WAYS_IN.map((wayIn) =>
      this.metric(METRIC_SERVICES.uplinks, name, { dimensions: { [DIMENSION.wayIn]: wayIn }, label: wayIn }),
    );
  }

  /** Rejections by way in and reason: a search over the published combinations (dashboards only, not alarms). */
  rejectionsByReason(): cloudwatch.MathExpression {
    const dims = ['service', DIMENSION.wayIn, DIMENSION.reason].join(',');
    return new cloudwatch.MathExpression({
      expression: `SEARCH('{${this.namespace},${dims}} MetricName="${METRIC.uplinksRejected}"', 'Sum', ${OPERATIONS_PERIOD.toSeconds()})`,
      label: '',
      period: OPERATIONS_PERIOD,
    });
  }

  /**
   * Percent of the uplinks refused in a period: rejected / (accepted + rejected). Each uplink ends once, either
   * accepted by the processor or recorded as rejected (at its way in or by the processor). Below MIN_UPLINKS
   * in a period it reads 0: two refusals of three test uplinks at night are not an outage.
   */
  rejectionRate(minUplinks: number): cloudwatch.MathExpression {
    return new cloudwatch.MathExpression({
      expression: `IF((FILL(accepted, 0) + FILL(rejected, 0)) >= ${minUplinks}, 100 * FILL(rejected, 0) / (FILL(accepted, 0) + FILL(rejected, 0)), 0)`,
      usingMetrics: { accepted: this.uplinks(METRIC.uplinksAccepted), rejected: this.uplinks(METRIC.uplinksRejected) },
      label: 'Rejected uplinks (%)',
      period: OPERATIONS_PERIOD,
    });
  }
}
