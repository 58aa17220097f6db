import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './config';

/**
 * The local failure destinations: on AWS a failed asynchronous run lands in an SQS queue
 * (Lambda's onFailure destination, an IoT rule's error action, an EventBridge rule's or a schedule's
 * dead-letter queue; infra/constructs/failure-queue.ts). Locally each kind is a JSON-lines file under
 * .local/dead-letters/, so a failed run is kept where a person or a test can read it instead of only a log
 * line. A record carries what the AWS one does: the source, the condition, the payload and the error.
 */
export type DeadLetterSource = 'lambda-async' | 'iot-rule-error-action' | 'eventbridge-rule';

export interface DeadLetter {
  source: DeadLetterSource;
  /** The function, rule or topic the run was for. */
  target: string;
  condition: 'RetriesExhausted';
  approximateInvokeCount: number;
  requestPayload: unknown;
  errorMessage: string;
  at: string;
}

const fileOf = (source: DeadLetterSource, dir = dataDir()) => path.join(dir, 'dead-letters', `${source}.jsonl`);

export function recordDeadLetter(
  source: DeadLetterSource,
  run: { target: string; payload: unknown; error: unknown; attempts: number },
): void {
  const file = fileOf(source);
  mkdirSync(path.dirname(file), { recursive: true });
  const letter: DeadLetter = {
    source,
    target: run.target,
    condition: 'RetriesExhausted',
    approximateInvokeCount: run.attempts,
    requestPayload: run.payload,
    errorMessage: (run.error as Error)?.message ?? String(run.error),
    at: new Date().toISOString(),
  };
  appendFileSync(file, `${JSON.stringify(letter)}\n`);
}

/** The dead letters of one kind so far (a stack's data directory: `dir`, for tests). */
export function readDeadLetters(source: DeadLetterSource, dir?: string): DeadLetter[] {
  const file = fileOf(source, dir);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DeadLetter);
}
