/** What the channels depend on, of the session user (SessionUser) and the selected tenant (SelectedTenant). */
interface ChannelUser {
  id: number;
  roles: readonly string[];
  tenant?: { id: number } | null;
  client_id?: number;
}
interface ChannelTenant {
  id: number;
  selectedBy: number;
}

/**
 * The channels of the signed-in user (live-contract): staff hear `/live/t<t>/staff`, a client user their
 * customer's `/live/t<t>/c<clientId>`, everyone their own `/live/t<t>/u<userId>` (export jobs). A super
 * admin acting in another tenant hears that tenant's staff channel (their own channel stays in their tenant). Null when there is no view to hear (a client user
 * without a customer sees no assets at all). The server's authorizer decides; this only asks for the right ones.
 */
export function liveChannelsOf(
  user: ChannelUser | null,
  selected: ChannelTenant | null,
): { view: string; own: string } | null {
  if (!user?.tenant) return null;
  const superAdmin = user.roles.includes('ROLE_SUPER_ADMIN');
  const tenantId = superAdmin && selected && selected.selectedBy === user.id ? selected.id : user.tenant.id;
  // The own channel is in the user's own tenant (the authorizer allows no other), also while switched.
  const own = `/live/t${user.tenant.id}/u${user.id}`;
  if (!user.roles.includes('ROLE_CLIENT')) return { view: `/live/t${tenantId}/staff`, own };
  return user.client_id === undefined ? null : { view: `/live/t${tenantId}/c${user.client_id}`, own };
}

/** Seconds until a JWT expires (its `exp`), or null when it cannot be read. */
export function secondsLeftOf(token: string, now = Date.now()): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp - now / 1000 : null;
  } catch {
    return null;
  }
}
