import { version } from '../../package.json';

/**
 * The product's version as a document names it: package.json's version, and the git commit it was built from
 * where the build knew it (the export worker's bundle defines PRODUCT_COMMIT: infra/constructs/export-worker-bundling.ts).
 * Run from source (the local stack, tests) there is no build, so the version alone.
 */
export function productVersion(): string {
  const commit = process.env.PRODUCT_COMMIT?.trim();
  return commit ? `${version}+${commit.slice(0, 12)}` : version;
}
