import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumMissing, jestStep, report, runPhases } from './steps';

/**
 * `npm test`: lint, typecheck, unit, integration, infra and browser tests. Lint first (seconds); then typecheck
 * beside the unit tests and the console's production build; then the browser and integration projects, each
 * against a stack of its own, beside the infra tests (CDK synths), which take what those two leave. The run is
 * bound by CPU (about 4,000 CPU seconds on a two-core machine): splitting the browser project into shards or
 * lanes measured slower, not faster (docs/decisions/0284-npm-test-runs-its-projects-side-by-side-in-a-shuffled-order.md).
 * Every step runs even when an earlier one failed, so one run shows every failure; the exit code is 1 when any
 * failed.
 */
async function main() {
  const missing = chromiumMissing();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const started = Date.now();
  const consoleBuild = mkdtempSync(path.join(os.tmpdir(), 'tracking-console-build-'));
  let ok = false;
  try {
    const results = await runPhases([
      [{ name: 'lint', command: ['npx', 'biome', 'check', '.'] }],
      [
        { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
        // Unit files in two workers: jest's default on two cores is one, which left a core idle once tsc was done.
        jestStep('unit', { extra: ['--maxWorkers=2'] }),
        {
          name: 'console-build',
          command: ['npm', 'run', 'build:web', '--', '--outDir', consoleBuild, '--emptyOutDir', '--logLevel', 'warn'],
          // Jest and npm test's callers may set NODE_ENV=test, which would give React's development build.
          env: { NODE_ENV: 'production' },
        },
      ],
      [
        jestStep('browser', { extra: ['--runInBand'], env: { TEST_CONSOLE_BUILD: consoleBuild } }),
        // The integration project gives way a little (nice 2): it finished four minutes before the browser project,
        // which alone then left a fifth of the machine idle; sharing so that both end together ends the run sooner.
        jestStep('integration', { extra: ['--runInBand'], niceness: 2 }),
        jestStep('infra', { niceness: 15 }),
      ],
    ]);
    report(results, started);
    ok = results.every((result) => result.ok);
  } finally {
    rmSync(consoleBuild, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

void main();
