import * as path from 'node:path';

/**
 * The one script that places pdfkit's fonts and the fontkit / brotli stand-ins beside a Lambda's index.js and
 * builds its PDF/Excel writers as files of their own there (infra/bundle-files/export-worker/place-files.cjs).
 * The export worker and the labels handler both run it, each with its own writer entries.
 */
export const PLACE_FILES_SCRIPT = path.join('infra', 'bundle-files', 'export-worker', 'place-files.cjs');

/** A writer entry (repo-relative .ts) as the import path the handler requires it by: './<name>'. */
export const splitImportOf = (writer: string): string => `./${path.basename(writer, '.ts')}`;

/** The afterBundling command: place the fonts and stand-ins, build each writer beside index.js. */
export function placeFilesCommand(inputDir: string, outputDir: string, writers: readonly string[]): string {
  const entries = writers.map((writer) => `"${writer}"`).join(' ');
  return `node "${path.join(inputDir, PLACE_FILES_SCRIPT)}" "${inputDir}" "${outputDir}" ${entries}`;
}
