import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import { placeFilesCommand, splitImportOf } from './writer-bundles';

/**
 * How the labels handler is bundled beyond nodeFunctionBase: its PDF writer (pdfkit, qrcode, bwip-js) is a file
 * of its own beside index.js, built with pdfkit's fonts by the writers' place-files script (infra/constructs/writer-bundles.ts), and
 * required when a sheet is drawn (functions/lib/labels/label-writer.ts). esbuild matches the import path as
 * written. Offline, like the rest of `npm run synth`.
 */
export const LABELS_WRITERS = ['functions/lib/labels/label-pdf.ts'];
export const LABELS_SPLIT = LABELS_WRITERS.map(splitImportOf);

export function labelsBundling(base: nodejs.BundlingOptions): nodejs.BundlingOptions {
  return {
    ...base,
    externalModules: [...(base.externalModules ?? []), ...LABELS_SPLIT],
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) => [placeFilesCommand(inputDir, outputDir, LABELS_WRITERS)],
    },
  };
}
