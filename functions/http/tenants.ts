import { type Tenant, type TenantInput, tenantListQuerySchema, tenantSchema } from '../../shared/schemas/tenant';
import { authContextFromClaims } from '../lib/auth/auth-context';
import type { TenantContext } from '../lib/data/tenant-context';
import { importDevicesFromUpload } from '../lib/devices/device-import';
import { allowListOf } from '../lib/http/allow-list';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { forbidden, notFound, unprocessable } from '../lib/http/errors';
import { createHttpHandler, type HttpRequest, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';
import { provisionTenant } from '../lib/tenants/tenant-provisioning';
import { SUBDOMAIN_TAKEN, type TenantRecord, tenantRepository } from '../lib/tenants/tenant-repository';

/** Tenants (spec 001 s.2 Tenants screen, s.3 Tenant, s.5 icon rule, s.7 calls, s.8 errors). */
export const TENANT_NOT_FOUND = 'Tenant not found';
export const DELETE_OWN_TENANT = 'You cannot delete your own tenant';

const TEXT_FIELDS = ['subdomain', 'company', 'address', 'zipcode', 'city', 'country', 'phone', 'email'] as const;

const allowedTenant = allowListOf(tenantSchema);

const toApiTenant = (tenant: TenantRecord): Tenant =>
  allowedTenant({ '@id': `/api/tenants/${tenant.id}`, '@type': 'Tenant', ...tenant });

const filterSchema = tenantListQuerySchema.pick({
  id: true,
  subdomain: true,
  company: true,
  address: true,
  zipcode: true,
  city: true,
  country: true,
  phone: true,
  email: true,
});
type TenantFilters = ReturnType<typeof filterSchema.parse>;

/** id is exact (the search box); the text fields match a part, case-insensitive. */
const matches = (filters: TenantFilters) => (tenant: TenantRecord) =>
  (filters.id === undefined || tenant.id === filters.id) &&
  TEXT_FIELDS.every((field) => {
    const wanted = filters[field]?.toLowerCase();
    return !wanted || (tenant[field] ?? '').toLowerCase().includes(wanted);
  });

const isSuperAdmin = (roles: string[]) => roles.includes('ROLE_SUPER_ADMIN');

/** A plain admin sees and edits only the tenant they belong to; to them any other tenant does not exist. */
async function reachableTenant(auth: { roles: string[]; homeTenantId: string }, id: number): Promise<TenantRecord> {
  const tenant = await tenantRepository.get(id);
  if (!tenant || (!isSuperAdmin(auth.roles) && String(id) !== auth.homeTenantId)) throw notFound(TENANT_NOT_FOUND);
  return tenant;
}

async function assertSubdomainFree(subdomain: string | undefined, ownId?: number): Promise<void> {
  if (!subdomain) return;
  const holder = await tenantRepository.bySubdomain(subdomain);
  if (holder && holder.id !== ownId) throw unprocessable([{ propertyPath: 'subdomain', message: SUBDOMAIN_TAKEN }]);
}

/** Absent fields keep their current value (or '' on create): the schema maps blank to ''. */
function tenantData(input: TenantInput, current?: TenantRecord): Omit<TenantRecord, 'id' | 'version'> {
  const pick = (field: keyof TenantInput) => input[field] ?? current?.[field] ?? '';
  return {
    subdomain: pick('subdomain'),
    company: pick('company'),
    address: pick('address'),
    zipcode: pick('zipcode'),
    city: pick('city'),
    country: pick('country'),
    phone: pick('phone'),
    email: pick('email'),
    icon: pick('icon'),
    descriptionShort: pick('descriptionShort'),
  };
}

/**
 * The tenant in the path as a context: the acting one, or (super admins only) the one the token may act in,
 * checked by the same code as the X-Tenant-Id header. A context never comes from the path id alone.
 */
async function contextOf({ auth, event }: HttpRequest, tenant: TenantRecord): Promise<TenantContext> {
  if (String(tenant.id) === auth.tenant.tenantId) return auth.tenant;
  return (await authContextFromClaims(event.requestContext.authorizer?.jwt?.claims, String(tenant.id))).tenant;
}

export const handler = createHttpHandler('tenants', {
  'tenants.list': route({
    run: async ({ auth, rawQuery }) => {
      const request = parseCollectionQuery(rawQuery, {});
      const filters = validate(filterSchema, Object.fromEntries(request.params));
      const visible = isSuperAdmin(auth.roles)
        ? await tenantRepository.list()
        : [await tenantRepository.get(Number(auth.homeTenantId))].filter((t): t is TenantRecord => !!t);
      const found = visible.filter(matches(filters)).sort((a, b) => a.id - b.id);
      const start = (request.page - 1) * request.itemsPerPage;
      const members = found.slice(start, start + request.itemsPerPage).map(toApiTenant);
      return toCollection('/api/tenants', request, members, found.length);
    },
  }),
  'tenants.create': route({
    run: async ({ body }) => {
      await assertSubdomainFree(body.subdomain);
      return reply(201, toApiTenant(await provisionTenant(tenantData(body))));
    },
  }),
  'tenants.update': route({
    run: async ({ auth, params, body }) => {
      const current = await reachableTenant(auth, params.id);
      await assertSubdomainFree(body.subdomain, current.id);
      return toApiTenant(await tenantRepository.update(current, body.version, tenantData(body, current)));
    },
  }),
  'tenants.delete': route({
    run: async ({ auth, params }) => {
      const current = await reachableTenant(auth, params.id);
      if (String(current.id) === auth.homeTenantId) throw forbidden(DELETE_OWN_TENANT);
      await tenantRepository.remove(current);
      return reply(204);
    },
  }),
  'tenants.uploadDevices': route({
    rawBody: true,
    run: async (request) => {
      const tenant = await reachableTenant(request.auth, request.params.id);
      return importDevicesFromUpload(await contextOf(request, tenant), request.event);
    },
  }),
});
