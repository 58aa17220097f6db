import { z } from 'zod';
import { entityIdSchema, idParamSchema, jsonLdShape, requiredText } from './common';

export const attachmentSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  object_key: z.string(),
  url: z.string().nullable(),
  bucket: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const ATTACHMENT_KEY_REQUIRED = 'The file is required';
export const ATTACHMENT_KEY_INVALID = 'The file key must look like asset/{id}/attachments/{filename}';

/** Spec 000 s.7: files travel straight to object storage under this key, so the API never proxies them. */
export const ATTACHMENT_KEY_PATTERN = /^asset\/(\d+)\/attachments\/([^/]+)$/;

/** Slashes would escape the asset's folder and control characters break headers; both become "_". */
export const sanitizeAttachmentFilename = (filename: string): string => {
  const cleaned = [...filename.normalize('NFC')]
    .map((ch) => (ch === '/' || ch === '\\' || ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? '_' : ch))
    .join('')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
};

export const attachmentObjectKey = (assetId: number, filename: string): string =>
  `asset/${assetId}/attachments/${sanitizeAttachmentFilename(filename)}`;

/** The key must belong to the asset in the path; the schema alone cannot see the path. */
export const isAttachmentKeyOf = (assetId: number, objectKey: string): boolean =>
  ATTACHMENT_KEY_PATTERN.exec(objectKey)?.[1] === String(assetId);

/** Registers a file already uploaded to object storage (POST /api/assets/{id}/attachments). */
export const attachmentInputSchema = z.object({
  object_key: requiredText(ATTACHMENT_KEY_REQUIRED, 1024).regex(ATTACHMENT_KEY_PATTERN, {
    error: ATTACHMENT_KEY_INVALID,
  }),
});
export type AttachmentInput = z.infer<typeof attachmentInputSchema>;

export const attachmentParamsSchema = z.object({ id: idParamSchema, attachmentId: idParamSchema });
export type AttachmentParams = z.infer<typeof attachmentParamsSchema>;

/* The upload request, the register body and the file rules (one place for server and console). */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const ATTACHMENT_ALLOWED_TYPES: readonly string[] = [
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
];
export const isAllowedAttachmentType = (contentType: string): boolean => {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type.startsWith('image/') || ATTACHMENT_ALLOWED_TYPES.includes(type);
};
export const ATTACHMENT_EMPTY = 'The file is empty';
export const ATTACHMENT_TOO_LARGE = 'The file is larger than 20 MB';
export const ATTACHMENT_TYPE_NOT_ALLOWED =
  'This file type is not allowed: use an image, a PDF, an office document, a text or a CSV file';
export const ATTACHMENT_NOT_UPLOADED = 'The file was not found in storage: upload it first';

const fileSize = z.coerce
  .number({ error: ATTACHMENT_EMPTY })
  .int({ error: ATTACHMENT_EMPTY })
  .min(1, { error: ATTACHMENT_EMPTY })
  .max(ATTACHMENT_MAX_BYTES, { error: ATTACHMENT_TOO_LARGE });

/** GET /api/aws/s3?assetId&filename&contentType&size: a presigned PUT for one object key. */
export const attachmentUploadQuerySchema = z.object({
  assetId: idParamSchema,
  filename: requiredText(ATTACHMENT_KEY_REQUIRED, 255),
  contentType: requiredText(ATTACHMENT_TYPE_NOT_ALLOWED, 255).refine(isAllowedAttachmentType, {
    error: ATTACHMENT_TYPE_NOT_ALLOWED,
  }),
  size: fileSize,
});
export type AttachmentUploadQuery = z.infer<typeof attachmentUploadQuerySchema>;

/**
 * Uploads land under this prefix, which an S3 lifecycle rule empties after ATTACHMENT_INCOMING_DAYS;
 * registering an attachment checks the object there and moves it to its final key. Nothing under it is ever
 * served, so an upload that was never registered (or was refused) is never an attachment.
 */
export const ATTACHMENT_INCOMING_PREFIX = 'incoming/';
export const ATTACHMENT_INCOMING_DAYS = 1;

/**
 * The answer of GET /api/aws/s3: a presigned POST (an HTML form upload). The browser sends `fields` in order,
 * then the file as the last part named `file`, as multipart/form-data to `url`. The signed policy binds the
 * key, the content type and the size (1 B to `max_bytes`, the same limit the query checks): S3 itself refuses
 * anything else. No credentials.
 */
export const attachmentUploadTicketSchema = z.object({
  method: z.literal('POST'),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  object_key: z.string(),
  bucket: z.string(),
  expires_in: z.number().int(),
  max_bytes: z.number().int(),
});
export type AttachmentUploadTicket = z.infer<typeof attachmentUploadTicketSchema>;

/** POST /api/assets/{id}/attachments with an optional asset version (409 if stale). */
export const attachmentRegisterSchema = attachmentInputSchema.extend({
  version: z.number().int().positive().optional(),
});
