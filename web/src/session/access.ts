import { isClientUser as holdsClientRole, isAdmin } from '@shared/permissions';
import type { Grants } from './grants';

/** Route access of the spec 001 route table; element gating uses hasAnyGrant (grants.ts). */

/** /users and /tenants; / sends admins to /users. */
export const isAdminUser = (user: Grants | null | undefined) => !!user && isAdmin(user.roles);

/** Clients are sent to /assets from the staff screens. */
export const isClientUser = (user: Grants | null | undefined) => !!user && holdsClientRole(user.roles);

/** Where / sends a visitor. */
export function homePathFor(user: Grants | null | undefined): string {
  if (!user) return '/sign-in';
  return isAdminUser(user) ? '/users' : '/assets';
}
