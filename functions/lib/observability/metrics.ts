import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { type EffectKind, queueEffect } from '../effects/effects';
import { type DimensionName, type MetricName, type MetricService, metricsNamespace } from './names';

/**
 * The product's metrics in CloudWatch's embedded metric format (EMF), through Powertools Metrics: a JSON line
 * on stdout that CloudWatch Logs turns into metrics (docs/operations.md). Locally the same lines are printed
 * on the local stack's stdout.
 *
 * Metrics are kept per dimension set in the invocation's effects context and printed at its end, one EMF line per set:
 * one line holds one set of dimension values, and a batch (ten uplinks of different ways in and reasons) has
 * several. Each line also publishes every prefix of its dimensions down to `service` alone (UplinksRejected by
 * WayIn+Reason, by WayIn, and in total), so an alarm or a graph of the total needs no search expression.
 */

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];
type Dimensions = Partial<Record<DimensionName, string>>;

interface Pending {
  service: MetricService;
  dimensions: [DimensionName, string][];
  values: { name: MetricName; unit: Unit; value: number }[];
}

interface Recorded {
  service: MetricService;
  name: MetricName;
  unit: Unit;
  value: number;
  dimensions: Dimensions;
}

/** The invocation's metrics, one set per dimension values; printed when the invocation ends (effects.ts). */
export const METRICS: EffectKind<Recorded, Map<string, Pending>> = {
  name: 'metrics',
  start: () => new Map(),
  add: keep,
  send: async (sets) => {
    for (const set of sets.values()) publish(set);
  },
};

function keep(sets: Map<string, Pending>, { service, name, unit, value, dimensions }: Recorded) {
  const entries = Object.entries(dimensions) as [DimensionName, string][];
  const key = JSON.stringify([service, entries]);
  let set = sets.get(key);
  if (!set) {
    set = { service, dimensions: entries, values: [] };
    sets.set(key, set);
  }
  // Counts are summed within the invocation; durations stay one value each (a distribution: p50, p99).
  const same = unit === MetricUnit.Count ? set.values.find((v) => v.name === name) : undefined;
  if (same) same.value += value;
  else set.values.push({ name, unit, value });
  // EMF takes at most 100 values of a metric in a line: a set that reaches them is printed at once. On Lambda
  // an invocation never gets there (a batch is 10 uplinks); a long invocation (a bench's run of many batches)
  // stays bounded in memory.
  if (set.values.filter((v) => v.name === name).length >= MAX_VALUES_A_LINE) {
    sets.delete(key);
    publish(set);
  }
}

function record(service: MetricService, name: MetricName, unit: Unit, value: number, dimensions: Dimensions = {}) {
  if (Number.isFinite(value)) queueEffect(METRICS, { service, name, unit, value, dimensions });
}

const MAX_VALUES_A_LINE = 100;

export const count = (service: MetricService, name: MetricName, dimensions?: Dimensions, value = 1) =>
  record(service, name, MetricUnit.Count, value, dimensions);

export const milliseconds = (service: MetricService, name: MetricName, ms: number, dimensions?: Dimensions) =>
  record(service, name, MetricUnit.Milliseconds, Math.max(0, Math.round(ms)), dimensions);

/**
 * Powertools warns when one key is in two dimension sets: here it always is (the prefixes share their values),
 * so that warning is dropped; so is "No application metrics to publish", which follows its own automatic flush
 * of a metric that reached 100 values. Every other warning passes on.
 */
const quietOnSharedKeys = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (...args: unknown[]) => {
    if (
      !/^(EMF key ".*" is defined as both a dimension set and dimension set|No application metrics)/.test(
        String(args[0]),
      )
    )
      console.warn(...args);
  },
  error: (...args: unknown[]) => console.error(...args),
};

/** Made per flush: a Metrics instance's dimensions are its own, and the sets of one invocation differ. */
function emfLine(set: Pending, namespace: string): Metrics {
  const metrics = new Metrics({ namespace, serviceName: set.service, logger: quietOnSharedKeys });
  // The set and each shorter prefix of it as dimension sets; {} is `service` alone.
  for (let length = set.dimensions.length; length >= 0; length--)
    metrics.addDimensions(Object.fromEntries(set.dimensions.slice(0, length)));
  // Powertools adds repeated values of a name as an array (up to 100 a line): a lag per uplink of the batch.
  for (const { name, unit, value } of set.values) metrics.addMetric(name, unit, value);
  return metrics;
}

function publish(set: Pending): void {
  try {
    emfLine(set, metricsNamespace(process.env.STAGE ?? 'local')).publishStoredMetrics();
  } catch (error) {
    console.error('Metrics could not be published', error);
  }
}
