import { z } from 'zod';
import { ROLES } from '../permissions';
import { looksLikeEmail } from '../user-pool';
import {
  emailFilter,
  entityIdSchema,
  jsonLdShape,
  NAME_REQUIRED,
  optionalInteger,
  optionalName,
  paginationQuerySchema,
  referenceSchema,
  requiredEmail,
  requiredName,
  textFilter,
  tooLong,
  versionShape,
} from './common';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from './session';
import { tenantRefSchema } from './tenant';

export const ROLES_REQUIRED = 'Select at least one role';
export const UNKNOWN_ROLE = 'Unknown role';
export const TENANT_REQUIRED = 'Tenant is required';
/** Over the daily number of usernames and e-mails refused as in use in another tenant (login-uniqueness.ts): 429. */
export const LOGIN_PROBE_LIMIT_REACHED =
  'Too many usernames or e-mail addresses in use elsewhere were tried today. Try again tomorrow or contact support.';
/** E-mail is a sign-in alias of the pool, so Cognito refuses an e-mail-shaped username (shared/user-pool.ts). */
export const USERNAME_IS_EMAIL = 'The username cannot be an email address; users can sign in with their email anyway';

export const roleNameSchema = z.enum(ROLES, { error: UNKNOWN_ROLE });

/** The user form offers every role but the client one; customer users are made under /customers. */
export const ASSIGNABLE_USER_ROLES = ROLES.filter((role) => role !== 'ROLE_CLIENT');
/** ROLE_USER is the default role of a new user (spec 001 s.3). */
export const DEFAULT_USER_ROLES = ['ROLE_USER'] as const;

export const userTenantRoleSchema = z.object({
  id: entityIdSchema,
  tenant: tenantRefSchema,
  roles: z.array(z.string()),
});
export type UserTenantRole = z.infer<typeof userTenantRoleSchema>;

export const userSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  roles: z.array(z.string()),
  active: z.boolean(),
  user_tenant_roles: z.array(userTenantRoleSchema),
  ...versionShape,
});
export type User = z.infer<typeof userSchema>;

export const userTenantRoleInputSchema = z.object({
  id: entityIdSchema.optional(),
  tenant: referenceSchema(TENANT_REQUIRED),
  roles: z.array(roleNameSchema).default([]),
});
export type UserTenantRoleInput = z.infer<typeof userTenantRoleInputSchema>;

const rolesInput = z.array(roleNameSchema, { error: ROLES_REQUIRED }).min(1, { error: ROLES_REQUIRED });

/** Roles are checked against the built-in names: user-defined roles cannot be created yet (COMING_SOON). */
const userFields = {
  name: requiredName(NAME_REQUIRED),
  username: optionalName(128).refine((value) => !value || !looksLikeEmail(value), { error: USERNAME_IS_EMAIL }),
  email: requiredEmail(),
  roles: rolesInput,
  user_tenant_roles: z.array(userTenantRoleInputSchema).optional(),
};

export const userInputSchema = z.object({
  ...userFields,
  password: newPasswordSchema,
  active: z.boolean().default(true),
});
export type UserInput = z.infer<typeof userInputSchema>;

/**
 * A user editing their own record ("Preferences") sees only basic fields, so e-mail and roles may be left
 * out (kept as stored) but not blanked. An empty password means "do not change".
 */
export const userUpdateInputSchema = z.object({
  ...userFields,
  email: requiredEmail().optional(),
  roles: rolesInput.optional(),
  password: z.preprocess(
    (v: string | null | undefined) => (v === '' || v === null ? undefined : v),
    newPasswordSchema.optional(),
  ),
  /**
   * Required when users change their own password (422 without it or when it is wrong): a session left open
   * on a shared screen, or a stolen ID token, must not be enough to take the account over.
   */
  current_password: z.preprocess(
    (v: string | null | undefined) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .max(PASSWORD_MAX_LENGTH, { error: tooLong(PASSWORD_MAX_LENGTH) })
      .optional(),
  ),
  active: z.boolean().optional(),
  ...versionShape,
});
export type UserUpdateInput = z.infer<typeof userUpdateInputSchema>;

export const userListQuerySchema = paginationQuerySchema.extend({
  search: textFilter(),
  id: optionalInteger(),
  name: textFilter(),
  username: textFilter(),
  email: emailFilter(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
