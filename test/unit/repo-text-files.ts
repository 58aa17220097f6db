import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, for the unit tests that read its text files. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

const SKIPPED = ['node_modules', 'dist', 'cdk.out', '.local', 'test-results', '.test-results'];
const TEXT = /\.(ts|tsx|mts|cts|js|cjs|mjs|json|md)$/;

/** The text files under a folder, without dependencies and build or test output. */
export function textFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (SKIPPED.includes(name)) return [];
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return textFiles(full);
    return TEXT.test(name) ? [full] : [];
  });
}
