import { z } from 'zod';
import {
  entityIdSchema,
  idParamSchema,
  jsonLdShape,
  NAME_REQUIRED,
  optionalInteger,
  optionalName,
  optionalReference,
  paginationQuerySchema,
  requiredEmail,
  requiredName,
  textFilter,
  versionShape,
} from './common';

/** A customer ("client" in the API). */
export const clientSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  logical_id: z.number().int().nullable(),
  company: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  account_manager: z.object({ id: entityIdSchema, name: z.string().nullable() }).nullable(),
  ...versionShape,
});
export type Client = z.infer<typeof clientSchema>;

/** The API's answer when account_manager names no staff user of the tenant. */
export const ACCOUNT_MANAGER_UNKNOWN = 'The account manager must be a user of this tenant';

/** account_manager accepts a user id, IRI or object and is stored as the user's id. */
const clientFields = {
  company: optionalName(),
  name: requiredName(NAME_REQUIRED),
  email: requiredEmail(),
  account_manager: optionalReference(),
};

export const clientInputSchema = z.object(clientFields);
export type ClientInput = z.infer<typeof clientInputSchema>;

export const clientUpdateInputSchema = z.object({ ...clientFields, ...versionShape });
export type ClientUpdateInput = z.infer<typeof clientUpdateInputSchema>;

export const clientListQuerySchema = paginationQuerySchema.extend({
  id: optionalInteger(),
  logical_id: optionalInteger(),
  search: textFilter(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** A customer's users are edited without roles, username or password (spec 000 s.2): the API sets those. */
export const clientUserSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  ...versionShape,
});
export type ClientUser = z.infer<typeof clientUserSchema>;

export const clientUserInputSchema = z.object({
  name: requiredName(NAME_REQUIRED),
  email: requiredEmail(),
  active: z.boolean().default(true),
});
export type ClientUserInput = z.infer<typeof clientUserInputSchema>;

export const clientUserUpdateInputSchema = z.object({
  name: requiredName(NAME_REQUIRED),
  email: requiredEmail(),
  active: z.boolean().optional(),
  ...versionShape,
});
export type ClientUserUpdateInput = z.infer<typeof clientUserUpdateInputSchema>;

export const clientUserListQuerySchema = paginationQuerySchema.extend({ search: textFilter() });
export type ClientUserListQuery = z.infer<typeof clientUserListQuerySchema>;

export const clientUserParamsSchema = z.object({ id: idParamSchema, userId: idParamSchema });
export type ClientUserParams = z.infer<typeof clientUserParamsSchema>;

/**
 * Answer of POST /api/clients/{id}/resetpassword. The password is changed before it is mailed (it has to exist
 * to be sent), so a refused mail cannot undo the change: the answer says whether the mail went, and the reset
 * can be repeated once the address is fixed (docs/decisions/0227).
 */
export const credentialsResetResultSchema = z.object({ mail_sent: z.boolean() });
export type CredentialsResetResult = z.infer<typeof credentialsResetResultSchema>;
