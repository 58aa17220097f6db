import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildConsole, consoleUnderTest } from './console-build';
import { stackFile, startStack } from './stack';

/** Browser tests: the production build of the console (built once per run) or, with TEST_CONSOLE=dev, Vite. */
export default async function globalSetup() {
  const mode = consoleUnderTest();
  if (mode === 'dev') {
    writeFileSync(stackFile(), JSON.stringify(await startStack({ web: 'dev' })));
    return;
  }
  const consoleDist = mkdtempSync(path.join(os.tmpdir(), 'tracking-console-'));
  try {
    await buildConsole(consoleDist);
    writeFileSync(stackFile(), JSON.stringify(await startStack({ web: 'build', consoleDist })));
  } catch (error) {
    rmSync(consoleDist, { recursive: true, force: true });
    throw error;
  }
}
