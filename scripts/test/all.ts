import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumMissing, jestStep, report, runPhases } from './steps';

/**
 * `npm test`: lint, typecheck, unit, integration, infra and browser tests, using both cores. The run is bound by
 * CPU (about 4,000 CPU seconds on a two-core machine), so what matters is that neither core idles:
 * - lint first (seconds); then typecheck beside the unit tests and the console's production build;
 * - then two lanes side by side, each test project against a stack of its own: most of the browser files in
 *   one; the integration project and then the rest of the browser files in the other (TEST_SHARD_WEIGHTS gives
 *   the two browser shards the seconds that make both lanes end together, test/harness/test-file-seconds.json);
 *   beside them the infra tests (CDK synths), at a low priority, take what the two lanes leave.
 * Every step runs even when an earlier one failed, so one run shows every failure; the exit code is 1 when any
 * failed.
 */
const BROWSER_SHARD_WEIGHTS = '3,1';

async function main() {
  const missing = chromiumMissing();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const started = Date.now();
  const consoleBuild = mkdtempSync(path.join(os.tmpdir(), 'tracking-console-build-'));
  const browser = (shard: string) =>
    jestStep('browser', {
      extra: ['--runInBand'],
      shard,
      env: { TEST_CONSOLE_BUILD: consoleBuild, TEST_SHARD_WEIGHTS: BROWSER_SHARD_WEIGHTS },
    });
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
        browser('1/2'),
        [jestStep('integration', { extra: ['--runInBand'] }), browser('2/2')],
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
