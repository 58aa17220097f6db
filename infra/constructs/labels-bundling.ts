import * as path from 'node:path';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * How the labels handler is bundled beyond nodeFunctionBase: its PDF writer (pdfkit, qrcode, bwip-js) is a file
 * of its own beside index.js, built with pdfkit's fonts by infra/bundle-files/labels/place-files.cjs, and
 * required when a sheet is drawn (functions/lib/labels/label-writer.ts). esbuild matches the import path as
 * written. Offline, like the rest of `npm run synth`.
 */
export const LABELS_SPLIT = ['./label-pdf'];
export const LABELS_PLACE_FILES_SCRIPT = path.join('infra', 'bundle-files', 'labels', 'place-files.cjs');

export function labelsBundling(base: nodejs.BundlingOptions): nodejs.BundlingOptions {
  return {
    ...base,
    externalModules: [...(base.externalModules ?? []), ...LABELS_SPLIT],
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) => [
        `node "${path.join(inputDir, LABELS_PLACE_FILES_SCRIPT)}" "${inputDir}" "${outputDir}"`,
      ],
    },
  };
}
