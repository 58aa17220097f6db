import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reproducible installs: CI installs with `npm ci`, which installs exactly what the lock lists.
 * A lock written on one platform without the other platforms' optional binaries (biome, rollup, swc) makes
 * `npm install` rewrite it on the next machine, so two installs of one commit could differ.
 */
const root = path.resolve(__dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockEntry {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };

/** Where Node would find `name` for the package installed at `from`: its own node_modules, then each parent's. */
function resolvesInLock(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  it('lists every optional dependency of every package, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([at, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolvesInLock(at, name))
        .map((name) => `${at || '(root)'} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('matches package.json, so npm ci accepts it', () => {
    const manifest = readJson('package.json') as LockEntry;
    const locked = lock.packages[''];
    expect(locked?.dependencies).toEqual(manifest.dependencies);
    expect(locked?.devDependencies).toEqual(manifest.devDependencies);
  });

  it('is what CI installs from (npm ci, never npm install)', () => {
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).not.toMatch(/^npm install\b/m);
  });
});
