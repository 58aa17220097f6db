import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, handlerEnvironment, PORTS, type PortName } from '../local/config';

/**
 * The local stack of a benchmark run: `scripts/start.ts` (what `npm start` and the test harness run) on free
 * ports, without the console, on a data folder that survives between runs (`.local-bench/`, gitignored), so
 * the 110k bench assets are seeded once. BENCH_STACK_FILE reuses a running stack instead (the JSON that
 * start.ts writes to STACK_INFO_FILE).
 */
export interface BenchStack {
  apiUrl: string;
  dataDir: string;
  stop(): void;
}

interface StackInfo {
  apiUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  apiClientsClientId?: string;
  services: Record<string, string>;
}

export const benchDataDir = () => path.resolve(process.env.BENCH_DATA_DIR ?? '.local-bench');

/** Points this process's AWS clients at the stack's services (the seed writes through the repositories). */
function pointAtStack(info: StackInfo, ports: Partial<Record<PortName, number>>) {
  for (const [name, value] of Object.entries(ports)) process.env[name] = String(value);
  Object.assign(process.env, handlerEnvironment(info));
}

const portOf = (url: string | undefined) => (url ? Number(new URL(url.replace(/^mqtt:/, 'http:')).port) : undefined);

export async function startBenchStack(log: (line: string) => void): Promise<BenchStack> {
  const reuse = process.env.BENCH_STACK_FILE;
  if (reuse) {
    const info = JSON.parse(readFileSync(reuse, 'utf8')) as StackInfo;
    const dynamoUrl = Object.entries(info.services).find(([name]) => name.startsWith('DynamoDB'))?.[1];
    const cognitoUrl = Object.entries(info.services).find(([name]) => name.startsWith('Cognito'))?.[1];
    pointAtStack(info, { DYNAMODB_PORT: portOf(dynamoUrl), COGNITO_PORT: portOf(cognitoUrl) });
    log(`reusing the stack of ${reuse} (${info.apiUrl})`);
    return { apiUrl: info.apiUrl, dataDir: path.dirname(reuse), stop: () => undefined };
  }
  const dataDir = benchDataDir();
  mkdirSync(dataDir, { recursive: true });
  const infoFile = path.join(dataDir, 'stack.json');
  rmSync(infoFile, { force: true });
  const ports = {} as Record<PortName, number>;
  for (const name of Object.keys(PORTS) as PortName[]) ports[name] = await freePort();
  log(`starting the local stack on ${dataDir}`);
  const child: ChildProcess = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), path.resolve(__dirname, '../start.ts')],
    {
      env: {
        ...process.env,
        ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
        LOCAL_DATA_DIR: dataDir,
        STACK_INFO_FILE: infoFile,
        START_WEB: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  const deadline = Date.now() + 300_000;
  while (!existsSync(infoFile)) {
    if (child.exitCode !== null) throw new Error(`The local stack exited:\n${output}`);
    if (Date.now() > deadline) {
      stop();
      throw new Error(`The local stack did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as StackInfo;
  pointAtStack(info, ports);
  return { apiUrl: info.apiUrl, dataDir, stop };
}
