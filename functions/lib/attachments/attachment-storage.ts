import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { TenantContext } from '../data/tenant-context';
import { localServiceConfig } from '../local-endpoints';

/**
 * The attachments bucket. The browser never holds credentials: it gets one presigned URL per object, valid
 * for minutes. Objects live under the tenant's prefix; the API shows the spec's key shape
 * (asset/{id}/attachments/{filename}) and adds the prefix here, so a key from a request cannot leave the tenant.
 */
export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = 5 * 60;

let client: S3Client | undefined;
const s3 = () => {
  client ??= new S3Client(localServiceConfig('S3_ENDPOINT'));
  return client;
};

export const attachmentsBucket = (): string => {
  const bucket = process.env.ATTACHMENTS_BUCKET;
  if (!bucket) throw new Error('ATTACHMENTS_BUCKET is not set');
  return bucket;
};

export const storageKey = (ctx: TenantContext, objectKey: string) => `tenants/${ctx.tenantId}/${objectKey}`;

/** Content-Type is signed, so the browser must send exactly the type that was checked. */
export const presignUpload = (ctx: TenantContext, objectKey: string, contentType: string) =>
  getSignedUrl(
    s3(),
    new PutObjectCommand({ Bucket: attachmentsBucket(), Key: storageKey(ctx, objectKey), ContentType: contentType }),
    { expiresIn: UPLOAD_URL_SECONDS },
  );

/** A download keeps the file name and asks the browser to save it rather than render it in our origin. */
export const presignDownload = (ctx: TenantContext, objectKey: string) => {
  const filename = objectKey.split('/').pop() ?? 'file';
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: attachmentsBucket(),
      Key: storageKey(ctx, objectKey),
      ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
    }),
    { expiresIn: DOWNLOAD_URL_SECONDS },
  );
};

export interface StoredObject {
  size: number;
  contentType: string;
}

/** undefined when the object does not exist (never uploaded, or the upload failed). */
export async function headObject(ctx: TenantContext, objectKey: string): Promise<StoredObject | undefined> {
  try {
    const head = await s3().send(
      new HeadObjectCommand({ Bucket: attachmentsBucket(), Key: storageKey(ctx, objectKey) }),
    );
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? '' };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound') return undefined;
    throw error;
  }
}

export async function deleteObject(ctx: TenantContext, objectKey: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: attachmentsBucket(), Key: storageKey(ctx, objectKey) }));
}

/**
 * Removes every object under one asset's folder, registered or not (an upload whose registration never came
 * leaves an object without a record). Listing by prefix keeps this one mechanism for both.
 */
export async function deleteAssetFolder(ctx: TenantContext, assetId: number): Promise<number> {
  const prefix = storageKey(ctx, `asset/${assetId}/`);
  let removed = 0;
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: attachmentsBucket(), Prefix: prefix, ContinuationToken: token }),
    );
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    if (keys.length > 0) {
      await s3().send(
        new DeleteObjectsCommand({ Bucket: attachmentsBucket(), Delete: { Objects: keys, Quiet: true } }),
      );
      removed += keys.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return removed;
}
