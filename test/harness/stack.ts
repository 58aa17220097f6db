import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type PortName, REGION } from '../../scripts/local/config';
import type { ConsoleMode } from '../../scripts/local/console-server';
import { launchLocalStack } from '../../scripts/local/launch-stack';

/** What the started stack wrote to STACK_INFO_FILE (scripts/start.ts). */
export interface StackInfo {
  apiUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The AppSync Events stand-in's HTTP publish endpoint (scripts/local/appsync-events.ts). */
  liveUrl?: string;
  services: Record<string, string>;
  ports: Record<PortName, number>;
  dataDir: string;
  /** The console build the stack serves (browser tests on the production build); removed with the stack. */
  consoleDist?: string;
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

const outputFileIn = (dataDir: string) => path.join(dataDir, 'stack-output.log');

/** The started stack's stdout, whole (the handlers' EMF metric lines are in it). */
export const stackOutputFile = (): string => outputFileIn(readStack().dataDir);

/** The stack of one jest run: `npm start`'s, on free ports and a fresh data folder. */
export async function startStack(options: { web: false | ConsoleMode; consoleDist?: string }): Promise<StackInfo> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracking-stack-'));
  // The time-rule and silent-tag tests run their jobs themselves with a given `now`; the local quarter-hour
  // timers (wall clock) would change rules and tags' levels in between, whenever a quarter of an hour passes
  // during a test (the first tick after the seed turns dozens of demo tags late at once: a map legend read
  // before it and the map read after it once differed by three). Off unless a run asks for them.
  process.env.TIME_RULE_TIMER ??= 'off';
  process.env.ALARM_NOTICE_TIMER ??= 'off';
  process.env.SILENT_TAG_TIMER ??= 'off';
  // The erasure and retention tests run the tenant-walk job for their own tenant; the timer would walk the whole
  // table for every other file's pending erasure and re-dating at each quarter hour, loading the machine.
  process.env.TENANT_WALK_TIMER ??= 'off';
  // The report tests run the report job with a given `now`, and count the mails it sends.
  process.env.REPORT_TIMER ??= 'off';
  // The loan-day tests run the job for a day they choose; the midnight timer would count that day first (for the
  // assets as they stood at midnight), and the job counts a tenant's day once: a run across midnight found it done.
  process.env.LOAN_DAY_TIMER ??= 'off';
  // A live channel's messages as in Lambda, where CDK sets no interval (infra/stacks/live-stack.ts): at `npm
  // start`'s one second, every uplink or edit that followed another on the same channel within a second waited out
  // the rest of it before its batch or route returned (a file sending uplinks one by one spent most of its time so).
  process.env.LIVE_MIN_INTERVAL_MS ??= '0';
  // Nothing reads a test stack's table after the run (scripts/local/dynamo-process.ts).
  process.env.LOCAL_DYNAMO_IN_MEMORY ??= 'true';
  const { info, ports, pid } = await launchLocalStack({
    dataDir,
    ...options,
    trustTestClientIp: true,
    timeoutMs: 240_000,
    outputFile: outputFileIn(dataDir),
  });
  return { ...info, ports, dataDir, consoleDist: options.consoleDist, pid };
}

export function stopStack(info: StackInfo) {
  try {
    process.kill(-info.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(info.dataDir, { recursive: true, force: true });
  if (info.consoleDist) rmSync(info.consoleDist, { recursive: true, force: true });
  rmSync(stackFile(), { force: true });
}

let readInfo: { file: string; info: StackInfo } | undefined;
/** The run's stack, read once per test file: a sweep asks for it with every request. */
export const readStack = (): StackInfo => {
  const file = stackFile();
  if (readInfo?.file !== file) readInfo = { file, info: JSON.parse(readFileSync(file, 'utf8')) };
  return readInfo.info;
};

/**
 * Points this process's AWS clients at the stack (its table and event bus), for tests that run handler code
 * in the test process: a job, a repository, records written around the API.
 */
export function pointProcessAtStack() {
  const { ports } = readStack();
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1',
    TABLE_NAME: 'tracking',
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.DYNAMODB_PORT}`,
    EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${ports.EVENTBRIDGE_PORT}`,
  });
}

/** The stack's local DynamoDB as a document client: tests that must reach around the API (corrupt, inspect). */
export function localTable() {
  const endpoint = `http://127.0.0.1:${readStack().ports.DYNAMODB_PORT}`;
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: REGION, endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  return { client, endpoint };
}
