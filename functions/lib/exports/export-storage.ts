import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { EXPORT_STORAGE_PREFIX, type ExportResult } from '../../../shared/schemas/export';
import { attachmentsBucket } from '../attachments/attachment-storage';
import type { TenantContext } from '../data/tenant-context';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';

/**
 * Export files in the attachments bucket under `exports/tenants/<tenantId>/<uuid>/<file name>`: the key is
 * built here from the caller's tenant only, the uuid makes it unguessable, and the `exports/` prefix lets
 * one lifecycle rule delete every export after a day (S3 lifecycle filters match one fixed prefix, so
 * tenants/<id>/exports/ would need a rule per tenant). The browser downloads with a presigned GET, as for attachments.
 */
export const EXPORT_URL_SECONDS = 10 * 60;
/** Files up to this size also travel inline as base64 (the legacy contract); a Lambda answer is capped at 6 MB. */
export const INLINE_LIMIT_BYTES = 4 * 1024 * 1024;
/** S3's smallest multipart part; two in flight bound the upload's memory to about 10 MB. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

let client: S3Client | undefined;
const s3 = () => {
  client ??= sdkClient(new S3Client(localServiceConfig('S3_ENDPOINT')));
  return client;
};

/** `prefix`: another expiring prefix of the bucket (a mailed report's file, kept as long as its link works). */
export const exportKey = (ctx: TenantContext, fileName: string, prefix = EXPORT_STORAGE_PREFIX) =>
  `${prefix}tenants/${ctx.tenantId}/${randomUUID()}/${fileName}`;

export interface StoredExport {
  key: string;
  size: number;
  /** The whole file, when it is at most INLINE_LIMIT_BYTES. */
  inline?: Buffer;
}

/**
 * A writable body that streams into S3 (multipart above 5 MB, one PUT below) while counting its bytes and
 * keeping a copy only as long as the file is small enough to answer inline. `done` settles after the last
 * part is stored; destroying `body` with an error aborts the upload, so no partial file is left.
 */
export function openExportUpload(ctx: TenantContext, fileName: string, contentType: string, prefix?: string) {
  const key = exportKey(ctx, fileName, prefix);
  let size = 0;
  let kept: Buffer[] | undefined = [];
  // A pass-through that counts (a 'data' listener would switch the stream to flowing and race the upload).
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (kept && size <= INLINE_LIMIT_BYTES) kept.push(chunk);
      else kept = undefined;
      callback(null, chunk);
    },
  });
  const upload = new Upload({
    client: s3(),
    params: { Bucket: attachmentsBucket(), Key: key, Body: body, ContentType: contentType },
    partSize: PART_SIZE,
    queueSize: QUEUE_SIZE,
    leavePartsOnError: false,
  });
  const done = upload.done().then(
    (): StoredExport => ({ key, size, ...(kept ? { inline: Buffer.concat(kept) } : {}) }),
    (error: unknown) => {
      // The writer may be waiting for the body to drain: failing the body ends that wait.
      body.destroy(error as Error);
      throw error;
    },
  );
  // Handled by whoever awaits it; until then a failed upload must not count as an unhandled rejection.
  done.catch(() => undefined);
  const abort = async (reason: Error) => {
    body.destroy(reason);
    await upload.abort().catch(() => undefined);
    await done.catch(() => undefined);
  };
  return { body, done, abort };
}

/** A download that saves under the export's own name (RFC 5987 for non-ASCII names). */
export const presignExportDownload = (
  key: string,
  fileName: string,
  contentType: string,
  expiresIn = EXPORT_URL_SECONDS,
) =>
  getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: attachmentsBucket(),
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      ResponseContentType: contentType,
    }),
    { expiresIn },
  );

/** A written export file: where it is stored and what the download is called. */
export interface ExportFile {
  key: string;
  fileName: string;
  mimeType: string;
  size: number;
  /** The whole file, when it is small enough to answer inline. */
  inline?: Buffer;
}

/** The answer for a written file: a short-lived download URL, and the bytes inline when the file is small. */
export async function exportResultOf(file: ExportFile): Promise<ExportResult> {
  return {
    fileName: file.fileName,
    mimeType: file.mimeType,
    size: file.size,
    url: await presignExportDownload(file.key, file.fileName, file.mimeType),
    ...(file.inline ? { data: file.inline.toString('base64') } : {}),
  };
}
