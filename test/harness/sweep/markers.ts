import { TENANT_DATA_PROFILES } from '../../../scripts/seed/demo-data';
import { DEMO_TENANTS, DEMO_USERS } from '../../../scripts/seed/seed';

export type SeedTenant = (typeof DEMO_TENANTS)[number]['subdomain'];

/**
 * Text that appears in one seeded tenant's data and never in the other's: its company, its users' e-mail
 * addresses, and the prefixes its demo data is generated with (asset names, DEVEUIs, mail domain). An answer
 * to a caller of the other tenant that holds one of these has leaked.
 */
export function tenantMarkers(tenant: SeedTenant): string[] {
  const data = DEMO_TENANTS.find((t) => t.subdomain === tenant);
  const profile = TENANT_DATA_PROFILES[tenant];
  return [
    data?.company ?? '',
    data?.email ?? '',
    ...DEMO_USERS.filter((user) => user.tenant === tenant).map((user) => user.email),
    profile.assetNamePrefix,
    profile.devEuiPrefix,
    `@${profile.mailDomain}`,
  ].filter((marker) => marker.length >= 6);
}

/** The markers found in an answer (JSON escapes included: the text is compared as sent). */
export const markersIn = (text: string, markers: readonly string[]) =>
  markers.filter((marker) => text.includes(marker) || text.includes(JSON.stringify(marker).slice(1, -1)));
