import { isStaff } from '../../../shared/permissions';
import type { AuthContext } from '../auth/auth-context';
import { forbidden } from '../http/errors';

/**
 * Who may see and act on devices beyond the route's permission (docs/decisions/0141).
 * Client users never see devices: spec 000 hides the Devices field and column from them everywhere, so a
 * tenant that grants ROLE_CLIENT a DEVICE_* permission still gets 403 on every device route. The sabotage
 * reset is not for client or transporter users (spec 000 s.6), whatever the role matrix says.
 */
export const isClientUser = (auth: Pick<AuthContext, 'roles'>) => auth.roles.includes('ROLE_CLIENT');

export function refuseClientUsers(auth: Pick<AuthContext, 'roles'>): void {
  if (isClientUser(auth)) throw forbidden();
}

export function refuseSabotageReset(auth: Pick<AuthContext, 'roles'>): void {
  if (!isStaff(auth.roles)) throw forbidden();
}
