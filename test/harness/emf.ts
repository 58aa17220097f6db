import { readFileSync, statSync } from 'node:fs';
import { stackOutputFile } from './stack';
import { waitFor } from './uplinks';

/**
 * The CloudWatch EMF lines the local stack's handlers print on its stdout (the harness keeps it in a file,
 * test/harness/stack.ts), looked for from a file's own start in the output, by metric name and dimensions.
 */
export interface EmfLine {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}

/** Where the stack's output stands now: lines from here on are the caller's. */
export const stackOutputOffset = (): number => statSync(stackOutputFile()).size;

/** The EMF lines printed since `from`. */
export function emfLinesSince(from: number): EmfLine[] {
  return readFileSync(stackOutputFile())
    .subarray(from)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.startsWith('{"_aws"'))
    .map((line) => JSON.parse(line) as EmfLine);
}

const carries = (line: EmfLine, metric: string, dimensions: Record<string, string>) =>
  typeof line[metric] === 'number' || Array.isArray(line[metric])
    ? Object.entries(dimensions).every(([name, value]) => line[name] === value)
    : false;

/** The first line since `from` with `metric` and these dimension values, once it is printed. */
export const emfLineWith = (from: number, metric: string, dimensions: Record<string, string> = {}) =>
  waitFor(
    async () => emfLinesSince(from).find((line) => carries(line, metric, dimensions)),
    (line) => line !== undefined,
  ) as Promise<EmfLine>;
