/** What the gating rule needs to know about a user: the names they hold. */
export interface Grants {
  roles: readonly string[];
  permissions: readonly string[];
}

/**
 * Spec 001 s.6: visible when the user holds any of the listed permissions or any of the listed roles.
 * An empty list means no requirement; no user means nothing is visible.
 */
export function hasAnyGrant(user: Grants | null | undefined, required: readonly string[]): boolean {
  if (!user) return false;
  if (required.length === 0) return true;
  return required.some((name) => user.permissions.includes(name) || user.roles.includes(name));
}
