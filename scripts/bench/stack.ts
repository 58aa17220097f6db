import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { handlerEnvironment, type PortName } from '../local/config';
import { launchLocalStack, type StartedStack } from '../local/launch-stack';

/**
 * The local stack of a benchmark run: `scripts/start.ts` (what `npm start` and the test harness run) on free
 * ports, without the console, on a data folder that survives between runs (`.local-bench/`, gitignored), so
 * the 110k bench assets are seeded once. BENCH_STACK_FILE reuses a running stack instead (the JSON that
 * start.ts writes to STACK_INFO_FILE).
 */
export interface BenchStack {
  apiUrl: string;
  dataDir: string;
  /** The stack's process (start.ts), when this run started it: the push bench reads its CPU time. */
  pid?: number;
  stop(): void;
}

export const benchDataDir = () => path.resolve(process.env.BENCH_DATA_DIR ?? '.local-bench');

/** Points this process's AWS clients at the stack's services (the seed writes through the repositories). */
function pointAtStack(info: StartedStack, ports: Partial<Record<PortName, number>>) {
  for (const [name, value] of Object.entries(ports)) process.env[name] = String(value);
  Object.assign(process.env, handlerEnvironment(info));
}

const portOf = (url: string | undefined) => (url ? Number(new URL(url.replace(/^mqtt:/, 'http:')).port) : undefined);

export async function startBenchStack(log: (line: string) => void): Promise<BenchStack> {
  const reuse = process.env.BENCH_STACK_FILE;
  if (reuse) {
    const info = JSON.parse(readFileSync(reuse, 'utf8')) as StartedStack;
    const dynamoUrl = Object.entries(info.services).find(([name]) => name.startsWith('DynamoDB'))?.[1];
    const cognitoUrl = Object.entries(info.services).find(([name]) => name.startsWith('Cognito'))?.[1];
    pointAtStack(info, { DYNAMODB_PORT: portOf(dynamoUrl), COGNITO_PORT: portOf(cognitoUrl) });
    log(`reusing the stack of ${reuse} (${info.apiUrl})`);
    return { apiUrl: info.apiUrl, dataDir: path.dirname(reuse), stop: () => undefined };
  }
  const dataDir = benchDataDir();
  mkdirSync(dataDir, { recursive: true });
  // The time-rule bench runs the job itself; the stack's quarter-hour run would compete with it.
  process.env.TIME_RULE_TIMER ??= 'off';
  process.env.ALARM_NOTICE_TIMER ??= 'off';
  log(`starting the local stack on ${dataDir}`);
  const { info, ports, pid } = await launchLocalStack({ dataDir, web: false, timeoutMs: 300_000 });
  const stop = () => {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  pointAtStack(info, ports);
  return { apiUrl: info.apiUrl, dataDir, pid, stop };
}

/**
 * CPU seconds (user + system) so far of every process in the stack's process group (tsx starts start.ts as a
 * child; cognito-local is one too), from /proc.
 */
export function cpuSeconds(groupId: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (Number(fields[2]) === groupId) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}
