import { defaultRoleMatrix, roleRepository } from '../../functions/lib/auth/role-matrix';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { backfillPickups } from '../../functions/lib/pickups/pickup-backfill';
import { createSetting } from '../../functions/lib/settings/setting-repository';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { isClientUser } from '../../shared/permissions';
import { SETTING_NAMES } from '../../shared/schemas/settings';
import { generateDemoData, TENANT_DATA_PROFILES } from './demo-data';
import { seedLoanDayRecords } from './demo-loan-days';
import { seedCodecProfile } from './device-profiles';
import { seedGateway } from './gateways';
import { createUser } from './users';
import { writeDemoData } from './write-demo-data';

/** One password for every demo account, printed by `npm start`. Local only: never deployed. */
export const DEMO_PASSWORD = 'Demo-Tracking-2026!';

export const DEMO_TENANTS = [
  {
    subdomain: 'demo',
    company: 'Demo Kabel & Haspel B.V.',
    address: 'Stationsplein 1',
    zipcode: '3511 ED',
    city: 'Utrecht',
    country: 'Netherlands',
    phone: '+31 30 123 4567',
    email: 'info@demo.local',
    icon: '',
    descriptionShort: 'Demo',
  },
  {
    subdomain: 'acme',
    company: 'Acme Verhuur B.V.',
    address: 'Coolsingel 40',
    zipcode: '3011 AD',
    city: 'Rotterdam',
    country: 'Netherlands',
    phone: '+31 10 987 6543',
    email: 'info@acme.local',
    icon: '',
    descriptionShort: 'Acme',
  },
] as const;

type TenantSubdomain = (typeof DEMO_TENANTS)[number]['subdomain'];

export const DEMO_USERS: { username: string; email: string; name: string; roles: string[]; tenant: TenantSubdomain }[] =
  [
    {
      username: 'superadmin',
      email: 'superadmin@demo.local',
      name: 'Sam Super',
      roles: ['ROLE_SUPER_ADMIN'],
      tenant: 'demo',
    },
    { username: 'admin', email: 'admin@demo.local', name: 'Anna Admin', roles: ['ROLE_ADMIN'], tenant: 'demo' },
    { username: 'user', email: 'user@demo.local', name: 'Ulrich User', roles: ['ROLE_USER'], tenant: 'demo' },
    { username: 'client', email: 'client@demo.local', name: 'Clara Client', roles: ['ROLE_CLIENT'], tenant: 'demo' },
    {
      username: 'transporter',
      email: 'transporter@demo.local',
      name: 'Tom Transport',
      roles: ['ROLE_TRANSPORTER'],
      tenant: 'demo',
    },
    {
      username: 'manager',
      email: 'manager@demo.local',
      name: 'Mila Manager',
      roles: ['ROLE_ACCOUNT_MANAGER'],
      tenant: 'demo',
    },
    { username: 'acme-admin', email: 'admin@acme.local', name: 'Arie Acme', roles: ['ROLE_ADMIN'], tenant: 'acme' },
    { username: 'acme-user', email: 'user@acme.local', name: 'Ursula Acme', roles: ['ROLE_USER'], tenant: 'acme' },
  ];

/** Seeds the demo tenants when the store holds none (first start); returns whether it seeded. */
export async function seedIfEmpty(): Promise<boolean> {
  if ((await tenantRepository.list()).length > 0) return false;
  await seed();
  return true;
}

/** Fixed seeds: every fresh start generates the same demo data (relative to the time it starts). */
/** The demo tenants' gateways; the same EUI in both shows thing names keep tenants apart. */
const DEMO_GATEWAY_EUIS: Record<TenantSubdomain, string> = { demo: '0016C001F0000001', acme: '0016C001F0000001' };

export const DEMO_DATA_SEEDS: Record<TenantSubdomain, number> = { demo: 20260101, acme: 20260202 };

/**
 * Tenants, role matrices, users, then the tenant's demo data (customers, zones, assets, tags, events,
 * profiles, alarm rules). Client users come last: they belong to the first generated customer. Dates of the
 * demo data are relative to `referenceDate` (default: the start of the current hour).
 */
export async function seed(options: { referenceDate?: Date } = {}): Promise<void> {
  const referenceDate = options.referenceDate ?? new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  for (const data of DEMO_TENANTS) {
    const tenant = await tenantRepository.create({ ...data });
    const ctx = systemTenantContext(tenant.id);
    for (const role of defaultRoleMatrix()) await roleRepository.create(ctx, role);
    const users = DEMO_USERS.filter((u) => u.tenant === data.subdomain);
    const staff = [];
    for (const user of users.filter((u) => !isClientUser(u.roles))) {
      staff.push(await createUser(ctx, { ...user, password: DEMO_PASSWORD }));
    }
    const dataset = generateDemoData({
      seed: DEMO_DATA_SEEDS[data.subdomain],
      referenceDate,
      profile: TENANT_DATA_PROFILES[data.subdomain],
      accountManagers: staff
        .filter((user) => user.roles.includes('ROLE_ACCOUNT_MANAGER'))
        .map((user) => ({ id: user.id, name: user.name })),
    });
    if (data.subdomain === 'demo') await seedCodecProfile(ctx, dataset.devices);
    await writeDemoData(ctx, dataset);
    // The demo's assets reported empty wait for a pickup, as after the migration.
    await backfillPickups(ctx, referenceDate);
    await seedLoanDayRecords(ctx, dataset.assets, referenceDate);
    // Reports go to the planning address of the seeded alarm rules, which the first start confirms in the SNS
    // stand-in: the demo's report mails arrive at once.
    const planning = `planning@${TENANT_DATA_PROFILES[data.subdomain].mailDomain}`;
    await createSetting(ctx, SETTING_NAMES.notifications, { language: 'en', email: planning });
    await seedGateway(ctx, DEMO_GATEWAY_EUIS[data.subdomain], staff[0]?.id ?? 0);
    for (const user of users.filter((u) => isClientUser(u.roles))) {
      await createUser(ctx, { ...user, password: DEMO_PASSWORD, client_id: dataset.clients[0]?.id });
    }
  }
}
