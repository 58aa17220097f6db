import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ATTACHMENT_INCOMING_PREFIX, ATTACHMENT_MAX_BYTES } from '../../../shared/schemas/attachment';
import type { TenantContext } from '../data/tenant-context';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';
import { type PresignedPost, presignPost } from './presigned-post';

/**
 * The attachments bucket. The browser never holds credentials: it gets one presigned POST or GET per object,
 * valid for minutes. Objects live under the tenant's prefix; the API shows the spec's key shape
 * (asset/{id}/attachments/{filename}) and adds the prefix here, so a key from a request cannot leave the tenant.
 */
export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = 5 * 60;

let client: S3Client | undefined;
const s3 = () => {
  client ??= sdkClient(new S3Client(localServiceConfig('S3_ENDPOINT')));
  return client;
};

export const attachmentsBucket = (): string => {
  const bucket = process.env.ATTACHMENTS_BUCKET;
  if (!bucket) throw new Error('ATTACHMENTS_BUCKET is not set');
  return bucket;
};

export const storageKey = (ctx: TenantContext, objectKey: string) => `tenants/${ctx.tenantId}/${objectKey}`;

/** Where an upload waits for its registration: outside `tenants/`, under the prefix the lifecycle rule empties. */
export const incomingKey = (ctx: TenantContext, objectKey: string) =>
  `${ATTACHMENT_INCOMING_PREFIX}${storageKey(ctx, objectKey)}`;

/** The form's target: path-style on the local S3 (S3_ENDPOINT), the bucket's regional endpoint on AWS. */
async function bucketUrl(): Promise<string> {
  const endpoint = process.env.S3_ENDPOINT;
  if (endpoint) return `${endpoint.replace(/\/$/, '')}/${attachmentsBucket()}`;
  return `https://${attachmentsBucket()}.s3.${await s3().config.region()}.amazonaws.com/`;
}

/**
 * A presigned POST to the incoming key: S3 refuses another key, another Content-Type, an empty body or one
 * larger than ATTACHMENT_MAX_BYTES (the limit GET /api/aws/s3 checks and announces).
 */
export async function presignUpload(
  ctx: TenantContext,
  objectKey: string,
  contentType: string,
): Promise<PresignedPost> {
  const credentials = await s3().config.credentials();
  return presignPost({
    url: await bucketUrl(),
    bucket: attachmentsBucket(),
    key: incomingKey(ctx, objectKey),
    contentType,
    minBytes: 1,
    maxBytes: ATTACHMENT_MAX_BYTES,
    expiresInSeconds: UPLOAD_URL_SECONDS,
    region: await s3().config.region(),
    credentials,
  });
}

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
  etag: string;
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Without s3:ListBucket for the request (ours carries an s3:prefix condition that object reads never
 * meet), S3 answers a missing key with 403 AccessDenied, not 404. The handlers hold GetObject on every object of
 * the bucket, so a 403 on a key of ours means the object is not there.
 */
const isMissing = (error: unknown) =>
  statusOf(error) === 404 ||
  statusOf(error) === 403 ||
  ['NotFound', 'NoSuchKey', 'Forbidden', 'AccessDenied'].includes((error as Error).name);

/** What waits under the incoming key; undefined when nothing was uploaded (or the upload was refused). */
export async function headIncoming(ctx: TenantContext, objectKey: string): Promise<StoredObject | undefined> {
  try {
    const head = await s3().send(
      new HeadObjectCommand({ Bucket: attachmentsBucket(), Key: incomingKey(ctx, objectKey) }),
    );
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? '', etag: head.ETag ?? '' };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export const deleteIncoming = (ctx: TenantContext, objectKey: string) =>
  s3().send(new DeleteObjectCommand({ Bucket: attachmentsBucket(), Key: incomingKey(ctx, objectKey) }));

/**
 * Copies the checked upload to its final key. CopySourceIfMatch binds the copy to the object that was checked:
 * a new upload to the same incoming key in between makes S3 answer 412 and nothing is copied (false).
 */
export async function copyIncoming(ctx: TenantContext, objectKey: string, checked: StoredObject): Promise<boolean> {
  const source = `${attachmentsBucket()}/${incomingKey(ctx, objectKey)}`;
  try {
    await s3().send(
      new CopyObjectCommand({
        Bucket: attachmentsBucket(),
        Key: storageKey(ctx, objectKey),
        CopySource: source.split('/').map(encodeURIComponent).join('/'),
        CopySourceIfMatch: checked.etag || undefined,
        MetadataDirective: 'COPY',
      }),
    );
    return true;
  } catch (error) {
    if (statusOf(error) === 412 || isMissing(error)) return false;
    throw error;
  }
}

export async function deleteObject(ctx: TenantContext, objectKey: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: attachmentsBucket(), Key: storageKey(ctx, objectKey) }));
}

/**
 * Removes every object under one asset's folder, registered or not (an upload whose registration never came
 * leaves an object without a record), and its uploads still waiting in incoming/.
 */
export async function deleteAssetFolder(ctx: TenantContext, assetId: number): Promise<number> {
  const folder = `asset/${assetId}/`;
  return (await deletePrefix(storageKey(ctx, folder))) + (await deletePrefix(incomingKey(ctx, folder)));
}

async function deletePrefix(prefix: string): Promise<number> {
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
