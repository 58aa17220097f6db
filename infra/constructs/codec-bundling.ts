import * as path from 'node:path';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * The Lambdas that run tenant payload codecs in QuickJS (functions/lib/pipeline/codecs/sandbox.ts) get its
 * WebAssembly as a file next to index.js instead of 817 kB of base64 inside it: the copy is an
 * afterBundling hook (infra/bundle-files/codecs/place-wasm.cjs), offline like the rest of `npm run synth`.
 * test/infra/bundle-size.test.ts fails when another bundle starts to contain the sandbox without being listed.
 */
export const CODEC_MODULES: readonly string[] = ['pipeline-processor', 'device-profiles'];
export const PLACE_WASM_SCRIPT = path.join('infra', 'bundle-files', 'codecs', 'place-wasm.cjs');

export function codecBundling(base: nodejs.BundlingOptions): nodejs.BundlingOptions {
  return {
    ...base,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) => [
        ...(base.commandHooks?.afterBundling(inputDir, outputDir) ?? []),
        `node "${path.join(inputDir, PLACE_WASM_SCRIPT)}" "${inputDir}" "${outputDir}"`,
      ],
    },
  };
}
