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
