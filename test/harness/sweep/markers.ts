import { generateDemoData, TENANT_DATA_PROFILES } from '../../../scripts/seed/demo-data';
import { DEMO_DATA_SEEDS, DEMO_TENANTS, DEMO_USERS } from '../../../scripts/seed/seed';
import { keyAttributes } from '../../../shared/table';

export type SeedTenant = (typeof DEMO_TENANTS)[number]['subdomain'];

/**
 * What only one seeded tenant's data holds, known without asking the API: its company and users, the prefixes
 * its demo data is generated with (fragments, found anywhere in an answer), and every text value the seed's own
 * generator makes for it and not for the other tenant (customer names and e-mail addresses, asset and zone
 * names, DEVEUIs: values, found as whole strings of an answer). An answer to a caller of the other tenant
 * that holds one of these has leaked.
 */
export interface TenantMarkers {
  fragments: string[];
  values: Set<string>;
}

const ISO_DATE = /^\d{4}-\d\d-\d\dT/;

function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsIn(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* stringsIn(item);
}

/** The tenant's generated demo data as the seed makes it (dates aside, which markers do not use). */
function generatedValues(tenant: SeedTenant): Set<string> {
  // Account managers are the tenant's staff, numbered in the order the seed creates them (scripts/seed/seed.ts).
  const staff = DEMO_USERS.filter((user) => user.tenant === tenant && !user.roles.includes('ROLE_CLIENT'));
  const accountManagers = staff.flatMap((user, i) =>
    user.roles.includes('ROLE_ACCOUNT_MANAGER') ? [{ id: i + 1, name: user.name }] : [],
  );
  const dataset = generateDemoData({
    seed: DEMO_DATA_SEEDS[tenant],
    referenceDate: new Date(),
    profile: TENANT_DATA_PROFILES[tenant],
    accountManagers,
  });
  return new Set([...stringsIn(dataset)].filter((text) => text.length >= 6 && !ISO_DATE.test(text)));
}

const cache = new Map<SeedTenant, TenantMarkers>();

export function tenantMarkers(tenant: SeedTenant): TenantMarkers {
  const cached = cache.get(tenant);
  if (cached) return cached;
  const other = DEMO_TENANTS.map((t) => t.subdomain).find((subdomain) => subdomain !== tenant) as SeedTenant;
  const theirs = generatedValues(other);
  const data = DEMO_TENANTS.find((t) => t.subdomain === tenant);
  const profile = TENANT_DATA_PROFILES[tenant];
  const users = DEMO_USERS.filter((user) => user.tenant === tenant);
  const markers = {
    fragments: [
      data?.company ?? '',
      data?.email ?? '',
      ...users.flatMap((user) => [user.email, user.name]),
      profile.assetNamePrefix,
      profile.devEuiPrefix,
      `@${profile.mailDomain}`,
    ].filter((marker) => marker.length >= 6),
    values: new Set([...generatedValues(tenant)].filter((value) => !theirs.has(value))),
  };
  cache.set(tenant, markers);
  return markers;
}

/** Both tenants' markers together: for a tenant that is neither. */
export const allMarkers = (): TenantMarkers => {
  const [demo, acme] = [tenantMarkers('demo'), tenantMarkers('acme')];
  return { fragments: [...demo.fragments, ...acme.fragments], values: new Set([...demo.values, ...acme.values]) };
};

/** The markers found in an answer: fragments anywhere in its text, values as whole strings of its JSON. */
export function markersIn(answer: { text: string; json: unknown }, markers: TenantMarkers): string[] {
  const found = markers.fragments.filter(
    (marker) => answer.text.includes(marker) || answer.text.includes(JSON.stringify(marker).slice(1, -1)),
  );
  for (const text of stringsIn(answer.json)) if (markers.values.has(text)) found.push(text);
  return [...new Set(found)].slice(0, 5);
}

const STORAGE_KEYS = new Set(keyAttributes());

/** Table and index key attributes (pk, gsi7sk, ...) in an answer: storage, never API. */
export function storageKeysIn(value: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(value)) for (const item of value) storageKeysIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (STORAGE_KEYS.has(key)) found.add(key);
      storageKeysIn(item, found);
    }
  }
  return [...found];
}
