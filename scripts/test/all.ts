import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumMissing, jestStep, report, runSteps } from './steps';

/**
 * `npm test`: lint, typecheck, unit, integration, infra and browser tests, in two lanes side by side. The
 * integration project and then the browser project run one after the other, each against a stack of its own;
 * beside them, at nice 15, the work that waits on no timer (lint, the console's production build, the integration
 * project's sweeps, typecheck, unit, the CDK synths) takes what they leave idle: the integration project alone keeps about 1.4 of the two cores
 * busy, the browser project about one. Run side by side the two test projects took longer than one after the
 * other (1,590 s against 460 + 740 s on the two-core machine): each waits on its stack and its browser with
 * timeouts, and a machine they both load makes every wait longer and the work done while waiting (polls,
 * frames) more (docs/decisions/0300-npm-test-runs-its-test-projects-one-after-the-other.md).
 * Every step runs even when an earlier one failed, so one run shows every failure; the exit code is 1 when any
 * failed.
 */
/**
 * The integration project's sweeps (every route under fuzzed bodies, other tenants' ids, every role and bad
 * tokens): thousands of requests with no wait on a timer, so batch work, run against a stack of their own.
 */
const SWEEPS = 'test/integration/sweep-';

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
    const batch = { niceness: 15 };
    const results = await runSteps([
      jestStep('integration', { extra: ['--runInBand', '--testPathIgnorePatterns', SWEEPS] }),
      jestStep('browser', {
        extra: ['--runInBand'],
        env: { TEST_CONSOLE_BUILD: consoleBuild },
        after: ['integration', 'console-build'],
      }),
      { name: 'lint', command: ['npx', 'biome', 'check', '.'], ...batch },
      {
        name: 'console-build',
        command: ['npm', 'run', 'build:web', '--', '--outDir', consoleBuild, '--emptyOutDir', '--logLevel', 'warn'],
        // Jest and npm test's callers may set NODE_ENV=test, which would give React's development build.
        env: { NODE_ENV: 'production' },
        after: ['lint'],
        ...batch,
      },
      jestStep('integration', { name: 'sweeps', extra: ['--runInBand', SWEEPS], after: ['console-build'], ...batch }),
      { name: 'typecheck', command: ['npm', 'run', 'typecheck'], after: ['sweeps'], ...batch },
      // Unit files in two workers: jest's default on two cores is one.
      jestStep('unit', { extra: ['--maxWorkers=2'], after: ['typecheck'], ...batch }),
      jestStep('infra', { after: ['unit'], ...batch }),
    ]);
    report(results, started);
    ok = results.every((result) => result.ok);
  } finally {
    rmSync(consoleBuild, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

void main();
