import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorFileOf } from '../../scripts/local/launch-stack';
import { readStack, stackOutputFile, stopStack } from './stack';

/** The end of the stack's output is kept beside the results: a CI failure's log then holds what the stack said. */
const KEPT_BYTES = 4 * 1024 * 1024;

function keepTail(file: string, kept: string) {
  if (!existsSync(file)) return;
  const size = statSync(file).size;
  const length = Math.min(size, KEPT_BYTES);
  const tail = Buffer.alloc(length);
  const descriptor = openSync(file, 'r');
  readSync(descriptor, tail, 0, length, size - length);
  closeSync(descriptor);
  const results = path.resolve(__dirname, '../../.test-results');
  mkdirSync(results, { recursive: true });
  writeFileSync(path.join(results, kept), tail);
}

function keepStackOutput(project: string) {
  keepTail(stackOutputFile(), `${project}-stack.log`);
  keepTail(errorFileOf(stackOutputFile()), `${project}-stack-errors.log`);
}

export default async function globalTeardown(
  global: { shard?: { shardIndex: number } },
  project: { displayName?: { name?: string } },
) {
  // Named as scripts/test/steps.ts names the step: a shard's stack log beside its results.
  const name = project.displayName?.name ?? 'stack';
  try {
    keepStackOutput(global.shard ? `${name}-${global.shard.shardIndex}` : name);
  } finally {
    stopStack(readStack());
  }
}
