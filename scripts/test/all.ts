import { chromiumMissing, jestStep, report, runPhases } from './steps';

/**
 * `npm test`: lint, typecheck, unit, integration, infra and browser tests, using both cores. Lint first (seconds);
 * then typecheck beside the unit tests; then the browser and integration projects, each against a stack of its
 * own, beside the infra tests (CDK synths), which take what those two leave. Every step runs even
 * when an earlier one failed, so one run shows every failure; the exit code is 1 when any failed.
 */
async function main() {
  const missing = chromiumMissing();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const started = Date.now();
  const results = await runPhases([
    [{ name: 'lint', command: ['npx', 'biome', 'check', '.'] }],
    // Unit files in two workers: jest's default on two cores is one, which left a core idle once tsc was done.
    [{ name: 'typecheck', command: ['npm', 'run', 'typecheck'] }, jestStep('unit', ['--maxWorkers=2'])],
    [jestStep('browser', ['--runInBand']), jestStep('integration', ['--runInBand']), jestStep('infra', [], 15)],
  ]);
  report(results, started);
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}

void main();
