import * as path from 'node:path';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * How the export worker (the one Lambda with pdfkit and exceljs) is bundled beyond nodeFunctionBase:
 * - pdfkit's ESM build reads `import.meta.url`, which esbuild leaves empty in CommonJS output: it is defined
 *   as the bundle's own file URL (a banner), so pdfkit's createRequire resolves next to the bundle;
 * - its standard fonts are copied next to the bundle with a package.json "imports" map, and fontkit and brotli
 *   (embedded fonts, WOFF2: never used by the exports) are external with stand-ins that refuse
 *   (infra/bundle-files/export-worker/place-files.cjs). Offline, like the rest of `npm run synth`.
 */
export const EXPORT_WORKER_EXTERNALS = ['fontkit', 'brotli'];
export const EXPORT_WORKER_BANNER = "const __bundle_url=require('url').pathToFileURL(__filename).href;";
export const EXPORT_WORKER_DEFINE = { 'import.meta.url': '__bundle_url' };
export const PLACE_FILES_SCRIPT = path.join('infra', 'bundle-files', 'export-worker', 'place-files.cjs');

export function exportWorkerBundling(base: nodejs.BundlingOptions): nodejs.BundlingOptions {
  return {
    ...base,
    externalModules: [...(base.externalModules ?? []), ...EXPORT_WORKER_EXTERNALS],
    banner: EXPORT_WORKER_BANNER,
    define: EXPORT_WORKER_DEFINE,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) => [
        `node "${path.join(inputDir, PLACE_FILES_SCRIPT)}" "${inputDir}" "${outputDir}"`,
      ],
    },
  };
}
