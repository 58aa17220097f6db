import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Calls a module's exported async function in a Node process of its own and resolves with what it returned (as
 * JSON). Plain computation runs ten to twenty times slower in a jest test file's sandbox than in Node (every
 * global a hot loop touches goes through the sandbox's context): generating a bench tenant's thousands of
 * assets cost a test file 40 s of CPU there and 3 s here. The process gets this one's environment, so it
 * reaches the same stack.
 */
export async function callOutsideSandbox<T>(modulePath: string, exportName: string, ...args: unknown[]): Promise<T> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'outside-sandbox-'));
  const resultFile = path.join(folder, 'result.json');
  try {
    const child = spawn(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(__dirname, 'outside-sandbox-call.ts'), modulePath, exportName, resultFile],
      { env: process.env, stdio: ['pipe', 'inherit', 'pipe'] },
    );
    child.stdin.end(JSON.stringify(args));
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk).slice(-10_000);
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0)
      throw new Error(`${exportName} of ${modulePath} failed outside the sandbox (exit ${code}):\n${errors}`);
    return JSON.parse(readFileSync(resultFile, 'utf8')) as T;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
