import { z } from 'zod';
import { PERMISSIONS } from '../permissions';
import { entityIdSchema, jsonLdShape, NAME_REQUIRED, requiredName, versionShape } from './common';

export const UNKNOWN_PERMISSION = 'Unknown permission';

export const permissionSchema = z.object({ ...jsonLdShape, id: entityIdSchema, permission: z.string() });
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  is_user_defined: z.boolean(),
  role_permissions: z.array(permissionSchema),
  ...versionShape,
});
export type Role = z.infer<typeof roleSchema>;

/** The matrix sends the permission objects it got from GET /api/permissions; the name is what counts. */
export const rolePermissionInputSchema = z.object({
  id: entityIdSchema.optional(),
  permission: z.enum(PERMISSIONS, { error: UNKNOWN_PERMISSION }),
});
export type RolePermissionInput = z.infer<typeof rolePermissionInputSchema>;

const rolePermissionsInput = z
  .array(rolePermissionInputSchema)
  .transform((entries) => [...new Map(entries.map((e) => [e.permission, e])).values()]);

export const roleInputSchema = z.object({
  name: requiredName(NAME_REQUIRED, 100),
  role_permissions: rolePermissionsInput.default([]),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

/** PUT /api/roles/{id} either renames (name) or saves the matrix (role_permissions); absent keys stay. */
export const roleUpdateInputSchema = z.object({
  name: requiredName(NAME_REQUIRED, 100).optional(),
  role_permissions: rolePermissionsInput.optional(),
  ...versionShape,
});
export type RoleUpdateInput = z.infer<typeof roleUpdateInputSchema>;

export const ROLE_NAME_TAKEN = 'A role with this name already exists';
export const BUILT_IN_ROLE_NAME_FIXED = 'The name of a built-in role cannot be changed';
export const SUPER_ADMIN_ROLE_RESERVED = 'Only a super admin can change the super admin role';
export const PERMISSION_EDIT_LOCKOUT =
  'You cannot remove PERMISSION_EDIT from the last of your roles that grants it: you would lose access to this screen';
