import { readFileSync, writeFileSync } from 'node:fs';

/** The process callOutsideSandbox starts: the arguments come as JSON on stdin, the result goes to a file. */
async function main() {
  const [modulePath, exportName, resultFile] = process.argv.slice(2) as [string, string, string];
  const args = JSON.parse(readFileSync(0, 'utf8')) as unknown[];
  const module = (await import(modulePath)) as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const fn = module[exportName];
  if (typeof fn !== 'function') throw new Error(`${modulePath} exports no function ${exportName}`);
  writeFileSync(resultFile, JSON.stringify((await fn(...args)) ?? null));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
