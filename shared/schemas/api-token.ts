import { z } from 'zod';
import { entityIdSchema, jsonLdShape, NAME_REQUIRED, referenceSchema, requiredText, versionShape } from './common';

/** The secret is present only in the answer that creates the token; it is shown once (spec 001 s.2). */
export const apiTokenSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  client_id: z.string(),
  client_secret: z.string().optional(),
  ...versionShape,
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenInputSchema = z.object({ name: requiredText(NAME_REQUIRED) });
export type ApiTokenInput = z.infer<typeof apiTokenInputSchema>;

/** PUT /api/tokens carries the id in the body, not the path (spec 001 s.7). */
export const apiTokenUpdateInputSchema = z.object({
  id: referenceSchema(),
  name: requiredText(NAME_REQUIRED),
  ...versionShape,
});
export type ApiTokenUpdateInput = z.infer<typeof apiTokenUpdateInputSchema>;
