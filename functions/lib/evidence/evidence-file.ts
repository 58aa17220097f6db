import type { ExportFile } from '../exports/export-storage';
import { openExportUpload } from '../exports/export-storage';
import type { ExportProgress } from '../exports/run-export';
import { writeEvidencePdf } from '../exports/writers';
import { canonicalJson, sha256Hex } from './canonical-json';
import type { EvidenceRun } from './evidence-request';

/**
 * Writes an evidence document, in the export worker only: its content as canonical JSON, the SHA-256 of that
 * text, and the file: the JSON file is `{"evidence":<that text>,"sha256":"<hash>"}` (itself canonical), the PDF
 * prints the hash on every page and is byte-identical for the same content (evidence-pdf.ts). The job's
 * `rows` is the number of positions.
 */
const MIME_TYPES = { pdf: 'application/pdf', json: 'application/json' } as const;

export async function writeEvidence(
  run: EvidenceRun,
  onProgress?: ExportProgress,
  prefix?: string,
): Promise<ExportFile> {
  const evidence = await run.read();
  const content = canonicalJson(evidence);
  const hash = sha256Hex(content);
  const mimeType = MIME_TYPES[run.type];
  const upload = openExportUpload(run.ctx, run.fileName, mimeType, prefix);
  try {
    if (run.type === 'json') upload.body.end(`{"evidence":${content},"sha256":"${hash}"}`);
    else await writeEvidencePdf(evidence, hash, upload.body);
  } catch (error) {
    await upload.abort(error as Error);
    throw error;
  }
  const stored = await upload.done;
  await onProgress?.(evidence.fixes.length);
  return {
    key: stored.key,
    fileName: run.fileName,
    mimeType,
    size: stored.size,
    ...(stored.inline ? { inline: stored.inline } : {}),
  };
}
