import { z } from 'zod';
import {
  entityIdSchema,
  jsonLdShape,
  NAME_REQUIRED,
  referenceSchema,
  requiredName,
  requiredText,
  versionShape,
} from './common';

/** The secret is present only in the answer that creates the token; it is shown once (spec 001 s.2). */
export const apiTokenSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  client_id: z.string(),
  client_secret: z.string().optional(),
  /** The one role the client acts with: the creator's highest role, never super admin. */
  role: z.string().optional(),
  created_at: z.string().optional(),
  ...versionShape,
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenInputSchema = z.object({ name: requiredName(NAME_REQUIRED) });
export type ApiTokenInput = z.infer<typeof apiTokenInputSchema>;

/** PUT /api/tokens carries the id in the body, not the path (spec 001 s.7). */
export const apiTokenUpdateInputSchema = z.object({
  id: referenceSchema(),
  name: requiredName(NAME_REQUIRED),
  ...versionShape,
});
export type ApiTokenUpdateInput = z.infer<typeof apiTokenUpdateInputSchema>;

export const GRANT_TYPE_UNSUPPORTED = 'The grant_type must be client_credentials';
export const CLIENT_ID_REQUIRED = 'The client_id is required';
export const CLIENT_SECRET_REQUIRED = 'The client_secret is required';

/** POST /api/oauth/token (OAuth 2.0 client credentials grant), as a form or as JSON. */
export const apiClientTokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials', { error: GRANT_TYPE_UNSUPPORTED }),
  client_id: requiredText(CLIENT_ID_REQUIRED, 128),
  client_secret: requiredText(CLIENT_SECRET_REQUIRED, 256),
});
export type ApiClientTokenRequest = z.infer<typeof apiClientTokenRequestSchema>;

export const apiClientTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
