import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildConsole, consoleUnderTest } from './console-build';
import { stackFile, startStack } from './stack';

/**
 * Browser tests: the production build of the console or, with TEST_CONSOLE=dev, Vite. `npm test` builds the
 * console once for its browser steps and names the build in TEST_CONSOLE_BUILD; each step serves a copy of
 * it (its stack removes what it served when it stops). Without it the build is made here, once per run.
 */
export default async function globalSetup() {
  const mode = consoleUnderTest();
  if (mode === 'dev') {
    writeFileSync(stackFile(), JSON.stringify(await startStack({ web: 'dev' })));
    return;
  }
  const consoleDist = mkdtempSync(path.join(os.tmpdir(), 'tracking-console-'));
  try {
    const built = process.env.TEST_CONSOLE_BUILD;
    if (built) cpSync(built, consoleDist, { recursive: true });
    else await buildConsole(consoleDist);
    writeFileSync(stackFile(), JSON.stringify(await startStack({ web: 'build', consoleDist })));
  } catch (error) {
    rmSync(consoleDist, { recursive: true, force: true });
    throw error;
  }
}
