import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_EXECUTABLE, CHROMIUM_PACKAGE } from '../../test/harness/chromium-executable';

/**
 * The steps of a test run (lint, typecheck, a jest project) as child processes, several at once, each starting
 * when the steps it comes after have ended. Each step's output goes to `.test-results/<step>.log` (interleaved
 * output of several runners reads as noise); a failed step's log tail is printed at the end, where CI's log
 * shows it.
 */
export const RESULTS_DIR = path.resolve('.test-results');

export interface Step {
  name: string;
  /** The command and its arguments (an npm script: `['npm', 'run', 'lint']`). */
  command: string[];
  /**
   * How readily the step gives way to the others of its phase (nice(1): 0 never, 19 most): batch work with no
   * timeouts (CDK synths) should take what the test projects, whose waits have timeouts, leave.
   */
  niceness?: number;
  /** Environment of this step on top of the run's. */
  env?: NodeJS.ProcessEnv;
  /** The steps (by name) that must have ended, passed or failed, before this one starts. */
  after?: string[];
}

export interface StepResult {
  step: Step;
  ok: boolean;
  seconds: number;
}

const logOf = (step: Step) => path.join(RESULTS_DIR, `${step.name}.log`);

export function runStep(step: Step, env: NodeJS.ProcessEnv = {}): Promise<StepResult> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const started = Date.now();
  const log = createWriteStream(logOf(step));
  console.log(`▶ ${step.name}: ${step.command.join(' ')}`);
  const niced = step.niceness ? ['nice', '-n', String(step.niceness), ...step.command] : step.command;
  const [command, ...args] = niced as [string, ...string[]];
  const child = spawn(command, args, {
    env: { ...process.env, ...env, ...step.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve) => {
    child.once('close', (code) => {
      log.end();
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      console.log(`${ok ? '✔' : '✘'} ${step.name} ${ok ? 'passed' : `failed (exit ${code})`} in ${seconds} s`);
      resolve({ step, ok, seconds });
    });
  });
}

/**
 * Runs every step, each as soon as the steps it comes after have ended; a step runs whatever failed before it.
 * Answers the results in the order the steps were given.
 */
export async function runSteps(steps: Step[], env: NodeJS.ProcessEnv = {}): Promise<StepResult[]> {
  const started = new Map<string, Promise<StepResult>>();
  const start = (step: Step): Promise<StepResult> => {
    let running = started.get(step.name);
    if (!running) {
      const before = (step.after ?? []).map((name) => {
        const earlier = steps.find((candidate) => candidate.name === name);
        if (!earlier) throw new Error(`${step.name} comes after ${name}, which is not a step of this run`);
        return start(earlier);
      });
      running = Promise.all(before).then(() => runStep(step, env));
      started.set(step.name, running);
    }
    return running;
  };
  return Promise.all(steps.map(start));
}

interface JestResults {
  testResults: { name: string; startTime: number; endTime: number; status: string }[];
}

/** The slowest files of a jest project's result file, for whoever wonders where a run's time went. */
function slowestFiles(step: Step, count: number): string[] {
  const file = path.join(RESULTS_DIR, `${step.name}.json`);
  if (!existsSync(file)) return [];
  const results = JSON.parse(readFileSync(file, 'utf8')) as JestResults;
  return results.testResults
    .map((result) => ({ name: path.relative(process.cwd(), result.name), ms: result.endTime - result.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ name, ms }) => `    ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
}

/** Each step's time, the slowest files of each jest project, and the end of every failed step's log. */
export function report(results: StepResult[], startedAt: number) {
  console.log(`\nSteps (wall clock ${Math.round((Date.now() - startedAt) / 1000)} s):`);
  for (const { step, ok, seconds } of results) {
    console.log(`  ${ok ? 'passed' : 'FAILED'} ${step.name.padEnd(12)} ${String(seconds).padStart(5)} s`);
    const slowest = slowestFiles(step, 10);
    if (slowest.length > 0) console.log(`  slowest files of ${step.name}:\n${slowest.join('\n')}`);
  }
  for (const { step } of results.filter((result) => !result.ok)) {
    const lines = readFileSync(logOf(step), 'utf8').split('\n');
    console.log(`\n──── ${step.name} failed; the last 400 lines of ${path.relative(process.cwd(), logOf(step))}:`);
    console.log(lines.slice(-400).join('\n'));
  }
}

/** Whether the Chromium the browser tests drive is there, and if not the one line that says what to install. */
export function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM_EXECUTABLE)) return undefined;
  return `The browser tests need Debian's Chromium headless shell at ${CHROMIUM_EXECUTABLE}: run \`sudo apt-get install ${CHROMIUM_PACKAGE}\` (or set CHROMIUM_PATH to a Chromium binary).`;
}

/** A jest project (or part of one) as a step: its JSON results land in .test-results/<step>.json for the CI summary. */
export const jestStep = (
  project: string,
  {
    extra = [],
    name = project,
    ...options
  }: { extra?: string[]; name?: string } & Pick<Step, 'niceness' | 'env' | 'after'> = {},
): Step => ({
  name,
  ...options,
  command: [
    'npx',
    'jest',
    '--selectProjects',
    project,
    '--json',
    `--outputFile=${path.join(RESULTS_DIR, `${name}.json`)}`,
    ...extra,
  ],
});
