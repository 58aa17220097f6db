import { isStaff } from '../../../shared/permissions';
import type { AlarmAssignee } from '../../../shared/schemas/alarm-handling';
import type { TenantContext } from '../data/tenant-context';
import { allUsersOf } from '../users/user-repository';

/**
 * Who an alarm can be assigned to: the tenant's active staff users, by name. A tenant has tens to a few
 * hundred users, read in one partition Query as the users list does (user-repository.ts).
 */
export async function listAlarmAssignees(ctx: TenantContext): Promise<AlarmAssignee[]> {
  return (await allUsersOf(ctx))
    .filter((user) => user.active && isStaff(user.roles))
    .map((user) => ({ id: user.id, username: user.username, name: user.name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
