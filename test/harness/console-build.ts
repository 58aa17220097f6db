import { spawn } from 'node:child_process';
import path from 'node:path';
import type { ConsoleMode } from '../../scripts/local/console-server';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Which console the browser tests drive: the production build served like CloudFront (default: what users
 * get, and no dev-server reloads), or Vite's dev server with TEST_CONSOLE=dev while working on the console.
 */
export function consoleUnderTest(): ConsoleMode {
  const value = process.env.TEST_CONSOLE ?? 'build';
  if (value !== 'build' && value !== 'dev') throw new Error(`TEST_CONSOLE=${value}: use build or dev`);
  return value;
}

/**
 * `npm run build:web` into `outDir`. Each test run builds into its own folder, so two runs on one checkout
 * (a developer's and CI's) never serve each other's half-written files.
 */
export async function buildConsole(outDir: string): Promise<void> {
  // The CLI's path from the package's bin entry: its exports map does not expose bin/vite.js.
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
  const args = [
    vite,
    'build',
    '--config',
    path.join(ROOT, 'web/vite.config.mts'),
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ];
  // Jest sets NODE_ENV=test, which would give React's development build instead of what users get.
  const env = { ...process.env, NODE_ENV: 'production' };
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`The console build failed (exit ${code}):\n${output}`);
}
