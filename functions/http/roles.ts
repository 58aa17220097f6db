import { ROLES } from '../../shared/permissions';
import { loadRoleMatrix } from '../lib/auth/role-matrix';
import { createHttpHandler, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';

/** Roles and the permission matrix (spec 001 section 2, Roles). */
export const handler = createHttpHandler('roles', {
  'roles.names': route({
    run: async ({ auth }) => {
      const matrix = await loadRoleMatrix(auth.tenant);
      const names = [...new Set([...ROLES, ...matrix.map((role) => role.name)])];
      return toCollection(
        '/api/roles',
        { page: 1, itemsPerPage: names.length, paginate: false, params: new URLSearchParams() },
        names,
        names.length,
      );
    },
  }),
});
