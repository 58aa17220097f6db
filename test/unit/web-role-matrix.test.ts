import type { Role } from '../../shared/schemas/role';
import { changedRoles, holds, toggle, without } from '../../web/src/permissions/matrixDraft';

/** The Roles screen's unsaved changes (spec 001 s.4: nothing is saved until Save). */
const role = (id: number, permissions: string[], version = 3): Role => ({
  id,
  name: `ROLE_${id}`,
  is_user_defined: false,
  role_permissions: permissions.map((permission, i) => ({ id: i + 1, permission })),
  version,
});

describe('the role matrix draft', () => {
  const roles = [role(1, ['ASSET_READ']), role(2, [])];

  it('reads stored permissions until a box is toggled, then the draft', () => {
    expect(holds({}, roles[0] as Role, 'ASSET_READ')).toBe(true);
    const draft = toggle({}, roles[0] as Role, 'ASSET_READ');
    expect(holds(draft, roles[0] as Role, 'ASSET_READ')).toBe(false);
    expect(holds(draft, roles[1] as Role, 'ASSET_READ')).toBe(false);
  });

  it('lists changed roles with the version they were read at; toggling back is no change', () => {
    let draft = toggle({}, roles[1] as Role, 'ALARM_READ');
    expect(changedRoles(draft, roles)).toEqual([{ role: roles[1], permissions: ['ALARM_READ'], version: 3 }]);
    draft = toggle(draft, roles[1] as Role, 'ALARM_READ');
    expect(changedRoles(draft, roles)).toEqual([]);
  });

  it('drops a saved role from the draft', () => {
    const draft = toggle(toggle({}, roles[0] as Role, 'USER_READ'), roles[1] as Role, 'USER_READ');
    expect(Object.keys(without(draft, 1))).toEqual(['2']);
  });
});
