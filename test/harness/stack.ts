import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, PORTS, type PortName } from '../../scripts/local/config';

/** What the started stack wrote to STACK_INFO_FILE (scripts/start.ts). */
export interface StackInfo {
  apiUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  services: Record<string, string>;
  ports: Record<PortName, number>;
  dataDir: string;
  pid: number;
}

/**
 * Where a jest run's global setup records its stack. One file per jest run (named after the runner's pid
 * and handed to the test workers through the environment), so concurrent runs never share a stack.
 */
export const stackFile = (): string => {
  process.env.TRACKING_STACK_FILE ??= path.join(os.tmpdir(), `tracking-test-stack-${process.pid}.json`);
  return process.env.TRACKING_STACK_FILE;
};

/**
 * Starts `npm start`'s stack (scripts/start.ts) as a child process on free ports with a fresh data folder,
 * exactly as a developer runs it, and waits until it reports its URLs.
 */
export async function startStack(options: { web: boolean }): Promise<StackInfo> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracking-stack-'));
  const ports = {} as Record<PortName, number>;
  for (const name of Object.keys(PORTS) as PortName[]) ports[name] = await freePort();
  const infoFile = path.join(dataDir, 'stack.json');
  const child: ChildProcess = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), path.resolve(__dirname, '../../scripts/start.ts')],
    {
      env: {
        ...process.env,
        ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
        LOCAL_DATA_DIR: dataDir,
        STACK_INFO_FILE: infoFile,
        START_WEB: String(options.web),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const deadline = Date.now() + 240_000;
  while (!existsSync(infoFile)) {
    if (child.exitCode !== null) throw new Error(`The local stack exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The local stack did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  child.unref();
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  (child.stdout as NodeJS.ReadableStream | null)?.resume();
  (child.stderr as NodeJS.ReadableStream | null)?.resume();
  const started = JSON.parse(readFileSync(infoFile, 'utf8'));
  return { ...started, ports, dataDir, pid: child.pid as number };
}

export function stopStack(info: StackInfo) {
  try {
    process.kill(-info.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(info.dataDir, { recursive: true, force: true });
  rmSync(stackFile(), { force: true });
}

export const readStack = (): StackInfo => JSON.parse(readFileSync(stackFile(), 'utf8'));
