import { isClientUser } from '../../../shared/permissions';
import type { Asset } from '../../../shared/schemas/asset';
import {
  ATTACHMENT_EMPTY,
  ATTACHMENT_KEY_INVALID,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_NOT_UPLOADED,
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_TYPE_NOT_ALLOWED,
  type Attachment,
  type AttachmentUploadTicket,
  attachmentObjectKey,
  attachmentRegisterSchema,
  attachmentSchema,
  attachmentUploadQuerySchema,
  isAllowedAttachmentType,
  isAttachmentKeyOf,
} from '../../../shared/schemas/attachment';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { assertCanSee, assetViewerOf } from '../assets/asset-view';
import type { AuthContext } from '../auth/auth-context';
import { createRepository } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors';
import { validate } from '../http/validation';
import {
  attachmentsBucket,
  copyIncoming,
  deleteIncoming,
  deleteObject,
  headIncoming,
  presignDownload,
  presignUpload,
  type StoredObject,
  UPLOAD_URL_SECONDS,
} from './attachment-storage';

/**
 * Attachments of an asset (spec 000 s.2, s.7). Files go straight between the browser and the bucket
 * with presigned requests for one key; the API only issues them, checks what arrived and keeps the list on
 * the asset. An upload is a presigned POST whose policy binds key, type and size, into incoming/;
 * registering checks the object there and only then copies it to the key that is served. Every call first finds the asset with the asset view rules, so another customer's or another
 * tenant's asset answers 404 before anything else.
 */

/** Attachment ids come from their own counter, so an id is never reused after a delete. */
const attachmentIds = createRepository<{ id: number; version: number }>({ type: 'ATTACHMENT' });

async function visibleAsset(auth: AuthContext, id: number): Promise<AssetRecord> {
  return assertCanSee(await assetViewerOf(auth), await assetRepository.get(auth.tenant, id));
}

/** Writing attachments is staff work: client users may see an asset but never change it. */
function assertMayWrite(auth: AuthContext) {
  // Transporters add the photo of their delivered / empty report (docs/decisions/0329); client users never write.
  if (isClientUser(auth.roles) || !auth.hasAny('ASSET_EDIT', 'ASSET_CREATE', 'ROLE_TRANSPORTER')) throw forbidden();
}

/** GET /api/aws/s3: a presigned POST for the one incoming key of this file on this asset. */
export async function issueUploadTicket(auth: AuthContext, rawQuery: string): Promise<AttachmentUploadTicket> {
  const params = Object.fromEntries(new URLSearchParams(rawQuery));
  const asset = await visibleAsset(auth, validate(attachmentUploadQuerySchema.shape.assetId, params.assetId));
  assertMayWrite(auth);
  const query = validate(attachmentUploadQuerySchema, params);
  const objectKey = attachmentObjectKey(asset.id, query.filename);
  const post = await presignUpload(auth.tenant, objectKey, query.contentType);
  return {
    method: 'POST',
    url: post.url,
    fields: post.fields,
    object_key: objectKey,
    bucket: attachmentsBucket(),
    expires_in: UPLOAD_URL_SECONDS,
    max_bytes: ATTACHMENT_MAX_BYTES,
  };
}

/**
 * The upload waiting in incoming/ must exist and follow the file rules, checked on what S3 really holds (not on
 * what the browser declared); a rejected upload is removed again.
 */
async function checkUploadedObject(ctx: TenantContext, objectKey: string): Promise<StoredObject> {
  const stored = await headIncoming(ctx, objectKey);
  if (!stored) throw unprocessable([{ propertyPath: 'object_key', message: ATTACHMENT_NOT_UPLOADED }]);
  const problem =
    stored.size <= 0
      ? ATTACHMENT_EMPTY
      : stored.size > ATTACHMENT_MAX_BYTES
        ? ATTACHMENT_TOO_LARGE
        : isAllowedAttachmentType(stored.contentType)
          ? null
          : ATTACHMENT_TYPE_NOT_ALLOWED;
  if (problem) {
    await deleteIncoming(ctx, objectKey);
    throw unprocessable([{ propertyPath: 'file', message: problem }]);
  }
  return stored;
}

/**
 * POST /api/assets/{id}/attachments: the same key again replaces its entry. Order: check, copy to the final
 * key, write the entry, then drop the incoming copy. A failed entry write removes a copy that no entry lists
 * (a replaced file keeps its entry); a failed incoming delete leaves what the lifecycle rule removes in a day.
 */
export async function registerAttachment(auth: AuthContext, assetId: number, body: unknown): Promise<Attachment> {
  const current = await visibleAsset(auth, assetId);
  assertMayWrite(auth);
  const input = validate(attachmentRegisterSchema, body);
  if (!isAttachmentKeyOf(assetId, input.object_key)) {
    throw unprocessable([{ propertyPath: 'object_key', message: ATTACHMENT_KEY_INVALID }]);
  }
  if (input.version !== undefined && input.version !== current.version) throw conflict();
  const checked = await checkUploadedObject(auth.tenant, input.object_key);
  const existing = current.attachments.find((a) => a.object_key === input.object_key);
  const entry: Attachment = existing ?? {
    id: await attachmentIds.nextId(auth.tenant),
    object_key: input.object_key,
    url: null,
    bucket: attachmentsBucket(),
  };
  if (!(await copyIncoming(auth.tenant, input.object_key, checked))) {
    throw unprocessable([{ propertyPath: 'object_key', message: ATTACHMENT_NOT_UPLOADED }]);
  }
  try {
    await assetRepository.update(auth.tenant, current.id, current.version, (asset) => ({
      ...asset,
      attachments: [...asset.attachments.filter((a) => a.id !== entry.id), entry],
    }));
  } catch (error) {
    if (!existing) await deleteObject(auth.tenant, input.object_key).catch(() => undefined);
    throw error;
  }
  await deleteIncoming(auth.tenant, input.object_key).catch(() => undefined);
  const stored = await withUrl(auth.tenant, entry);
  return allowedAttachment({ '@id': attachmentPath(assetId, entry.id), '@type': 'Attachment', ...stored });
}

/**
 * DELETE /api/assets/{id}/attachments/{attachmentId}: the entry goes first (a 409 leaves the file in place),
 * then the object; a failed object delete leaves an unlisted file, never a listed file that is gone.
 */
export async function deleteAttachment(auth: AuthContext, assetId: number, attachmentId: number): Promise<void> {
  const current = await visibleAsset(auth, assetId);
  assertMayWrite(auth);
  const entry = current.attachments.find((a) => a.id === attachmentId);
  if (!entry) throw notFound();
  await assetRepository.update(auth.tenant, current.id, current.version, (asset) => ({
    ...asset,
    attachments: asset.attachments.filter((a) => a.id !== attachmentId),
  }));
  await deleteObject(auth.tenant, entry.object_key);
}

const attachmentPath = (assetId: number, id: number) => `/api/assets/${assetId}/attachments/${id}`;

const allowedAttachment = allowListOf(attachmentSchema);

async function withUrl(ctx: TenantContext, attachment: Attachment): Promise<Attachment> {
  return { ...attachment, url: await presignDownload(ctx, attachment.object_key) };
}

/** GET /api/assets/{id}: each attachment with a short-lived download URL (never stored). */
export async function withDownloadUrls<T extends Partial<Pick<Asset, 'id' | 'attachments'>>>(
  ctx: TenantContext,
  asset: T,
): Promise<T> {
  if (!asset.attachments?.length) return asset;
  return { ...asset, attachments: await Promise.all(asset.attachments.map((a) => withUrl(ctx, a))) };
}
