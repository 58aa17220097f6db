import { execFileSync } from 'node:child_process';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import { placeFilesCommand, splitImportOf } from './writer-bundles';

/**
 * How the export worker (the one Lambda with pdfkit and exceljs) is bundled beyond nodeFunctionBase:
 * - pdfkit's ESM build reads `import.meta.url`, which esbuild leaves empty in CommonJS output: it is defined
 *   as the bundle's own file URL (a banner), so pdfkit's createRequire resolves next to the bundle;
 * - its standard fonts are copied next to the bundle with a package.json "imports" map, and fontkit and brotli
 *   (embedded fonts, WOFF2: never used by the exports) are external with stand-ins that refuse
 *   (infra/bundle-files/export-worker/place-files.cjs);
 * - the commit being built is defined as PRODUCT_COMMIT, so an evidence document names the exact build;
 * - the Excel and PDF writers are bundles of their own beside index.js (EXPORT_WORKER_SPLIT), built by the same
 *   script. Offline, like the rest of `npm run synth`.
 */
export const EXPORT_WORKER_EXTERNALS = ['fontkit', 'brotli'];
/**
 * The Excel and PDF writers (exceljs, pdfkit: ~900 kB) are not in index.js but files of their own beside it,
 * built by place-files.cjs with the same options: index.js stays under 1 MB and loads them on first use
 * (functions/lib/exports/writers/index.ts). esbuild matches these import paths as written.
 */
export const EXPORT_WORKER_WRITERS = [
  'functions/lib/exports/writers/excel-writer.ts',
  'functions/lib/exports/writers/pdf-writer.ts',
];
export const EXPORT_WORKER_SPLIT = EXPORT_WORKER_WRITERS.map(splitImportOf);
export const EXPORT_WORKER_BANNER = "const __bundle_url=require('url').pathToFileURL(__filename).href;";

/** The commit being built, which an evidence document names (functions/lib/product-version.ts); '' outside git. */
function buildCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}
export const EXPORT_WORKER_DEFINE = {
  'import.meta.url': '__bundle_url',
  'process.env.PRODUCT_COMMIT': JSON.stringify(buildCommit()),
};

export function exportWorkerBundling(base: nodejs.BundlingOptions): nodejs.BundlingOptions {
  return {
    ...base,
    externalModules: [...(base.externalModules ?? []), ...EXPORT_WORKER_EXTERNALS, ...EXPORT_WORKER_SPLIT],
    banner: EXPORT_WORKER_BANNER,
    define: EXPORT_WORKER_DEFINE,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) => [placeFilesCommand(inputDir, outputDir, EXPORT_WORKER_WRITERS)],
    },
  };
}
