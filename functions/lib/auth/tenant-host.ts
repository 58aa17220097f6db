import { notFound } from '../http/errors';
import { tenantRepository } from '../tenants/tenant-repository';

/**
 * Spec 001 s.4: "once chosen, the API host is prefixed with the tenant subdomain". With TENANT_HOST_SUFFIX set
 * (e.g. `api.tracking.example.com` behind a wildcard domain, `localhost` on the local stack), a request to
 * `<subdomain>.<suffix>` asks for that tenant, exactly as the X-Tenant-Id header does; the same rule then
 * applies (only a super admin may act in another tenant than their own). The bare suffix asks for nothing.
 * An unknown subdomain is 404, never a silent fall-back to the caller's own tenant.
 */
export async function tenantFromHost(host: string | undefined): Promise<string | undefined> {
  const suffix = process.env.TENANT_HOST_SUFFIX?.toLowerCase();
  if (!suffix || !host) return undefined;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (!name.endsWith(`.${suffix}`)) return undefined;
  const subdomain = name.slice(0, -suffix.length - 1);
  if (!/^[a-z0-9-]+$/.test(subdomain)) return undefined;
  const tenant = await tenantRepository.bySubdomain(subdomain);
  if (!tenant) throw notFound('Tenant not found');
  return String(tenant.id);
}
