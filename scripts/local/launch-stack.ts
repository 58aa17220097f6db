import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePorts, PORTS, type PortName } from './config';
import type { ConsoleMode } from './console-server';

/**
 * STACK_CPU_PROFILE=<folder>: the stack writes a V8 CPU profile there when it stops (open it in Chrome's
 * DevTools), to see where a slow test run spends the stack's time. Node refuses --cpu-prof in NODE_OPTIONS; tsx hands flags before the script to the node it starts.
 */
const profileArgs = () => {
  const folder = process.env.STACK_CPU_PROFILE;
  return folder ? ['--cpu-prof', `--cpu-prof-dir=${folder}`] : [];
};

/** Where a stack with an `outputFile` writes its stderr. */
export const errorFileOf = (outputFile: string) => outputFile.replace(/(\.log)?$/, '-errors.log');

/** What scripts/start.ts writes to STACK_INFO_FILE once every service answers. */
export interface StartedStack {
  apiUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  apiClientsClientId?: string;
  /** The AppSync Events stand-in's HTTP publish endpoint (its socket is at /event/realtime). */
  liveUrl?: string;
  services: Record<string, string>;
}

export interface LaunchedStack {
  info: StartedStack;
  ports: Record<PortName, number>;
  pid: number;
}

/**
 * Starts `npm start`'s stack (scripts/start.ts) as a detached child process on free ports over `dataDir`,
 * exactly as a developer runs it, and waits until it reports its URLs. Used by the test harness and the
 * benchmarks; the caller stops it with `process.kill(-pid)`, and it stops by itself when the caller ends.
 */
export async function launchLocalStack(options: {
  dataDir: string;
  /** false: no console; 'build': the production build in `consoleDist` (default web/dist) served like CloudFront. */
  web: false | ConsoleMode;
  consoleDist?: string;
  /** The test harness's stacks: the gateway takes the client address from a test header (gateway.ts). */
  trustTestClientIp?: boolean;
  timeoutMs: number;
  /**
   * Where the stack's stdout goes for the whole run (the test harness's stacks): the handlers' EMF metric lines
   * are printed there, and tests read them (test/integration/operations-metrics.test.ts). Else it is drained.
   */
  outputFile?: string;
}): Promise<LaunchedStack> {
  const infoFile = path.join(options.dataDir, 'stack.json');
  rmSync(infoFile, { force: true });
  const ports = {} as Record<PortName, number>;
  const names = Object.keys(PORTS) as PortName[];
  const chosen = await freePorts(names.length);
  names.forEach((name, i) => {
    ports[name] = chosen[i] as number;
  });
  const child: ChildProcess = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), ...profileArgs(), path.join(__dirname, '..', 'start.ts')],
    {
      env: {
        ...process.env,
        ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
        LOCAL_DATA_DIR: options.dataDir,
        STACK_INFO_FILE: infoFile,
        START_WEB: options.web === false ? 'false' : options.web,
        ...(options.consoleDist ? { CONSOLE_DIST_DIR: options.consoleDist } : {}),
        LOCAL_TRUST_TEST_CLIENT_IP: options.trustTestClientIp ? 'true' : 'false',
        STOP_WHEN_STDIN_ENDS: 'true',
      },
      // The stack's stdin is a pipe from this process: when this process ends, killed or not, the pipe closes
      // and the stack stops (scripts/start.ts) instead of holding its ports and CPU for nobody.
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    },
  );
  // The tail of the output, for the error when the stack does not come up.
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  if (options.outputFile) {
    child.stdout?.pipe(createWriteStream(options.outputFile, { flags: 'a' }));
    // Errors apart, so that no stderr chunk lands inside a metric line of stdout.
    child.stderr?.pipe(createWriteStream(errorFileOf(options.outputFile), { flags: 'a' }));
  }
  const deadline = Date.now() + options.timeoutMs;
  while (!existsSync(infoFile)) {
    if (child.exitCode !== null) throw new Error(`The local stack exited:\n${output}`);
    if (Date.now() > deadline) {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      throw new Error(`The local stack did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // From here on nobody reads the output; keep the pipes drained so the child never blocks on them.
  child.unref();
  // Nor does the pipe keep this process alive: it is there to end with it.
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  child.stdout?.removeListener('data', collect);
  child.stderr?.removeListener('data', collect);
  child.stdout?.resume();
  child.stderr?.resume();
  return { info: JSON.parse(readFileSync(infoFile, 'utf8')) as StartedStack, ports, pid: child.pid as number };
}
