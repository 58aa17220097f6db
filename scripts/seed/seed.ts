import { defaultRoleMatrix, roleRepository } from '../../functions/lib/auth/role-matrix';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { createUser } from './users';

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

export async function seed(): Promise<void> {
  for (const data of DEMO_TENANTS) {
    const tenant = await tenantRepository.create({ ...data });
    const ctx = systemTenantContext(tenant.id);
    for (const role of defaultRoleMatrix()) await roleRepository.create(ctx, role);
    for (const user of DEMO_USERS.filter((u) => u.tenant === data.subdomain)) {
      await createUser(ctx, { ...user, password: DEMO_PASSWORD });
    }
  }
}
