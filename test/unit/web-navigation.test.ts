import { isAdmin, isStaff, PERMISSIONS } from '../../shared/permissions';
import { chooseLanguage } from '../../web/src/i18n/languages';
import { hasAnyGrant } from '../../web/src/session/grants';
import { breadcrumbsFor, segmentLabel } from '../../web/src/shell/breadcrumbs';
import { initialsOfEmail } from '../../web/src/shell/initials';
import { NAVIGATION_ENTRIES } from '../../web/src/shell/navigationEntries';

const user = (roles: string[], permissions: string[]) => ({ roles, permissions });
/** As the drawer filters (NavigationDrawer.tsx): an adminOnly entry also needs the admin role. */
const visiblePaths = (grants: { roles: string[]; permissions: string[] }) =>
  NAVIGATION_ENTRIES.filter(
    (entry) =>
      hasAnyGrant(grants, entry.anyOf) &&
      (!entry.staffOnly || isStaff(grants.roles)) &&
      (!entry.adminOnly || isAdmin(grants.roles)),
  ).map((entry) => entry.path);

describe('hasAnyGrant', () => {
  test('any permission or any role is enough', () => {
    expect(hasAnyGrant(user([], ['USER_READ']), ['USER_CREATE', 'USER_READ'])).toBe(true);
    expect(hasAnyGrant(user(['ROLE_SUPER_ADMIN'], []), ['SUPER_ADMIN', 'ROLE_SUPER_ADMIN'])).toBe(true);
    expect(hasAnyGrant(user(['ROLE_ADMIN'], ['ASSET_READ']), ['KPN_THINGS'])).toBe(false);
  });

  test('no user sees nothing; an empty requirement is open to any user', () => {
    expect(hasAnyGrant(null, [])).toBe(false);
    expect(hasAnyGrant(user([], []), [])).toBe(true);
  });
});

describe('navigation entries (spec 000 s.2, spec 001 s.2)', () => {
  test('each entry asks for names that exist', () => {
    // Roles an entry may name beside permissions (hasAnyGrant reads both): the administrators' (audit log), the
    // transporter's (pickups).
    const known = new Set<string>([
      ...PERMISSIONS,
      'SUPER_ADMIN',
      'ROLE_ADMIN',
      'ROLE_SUPER_ADMIN',
      'ROLE_TRANSPORTER',
    ]);
    for (const entry of NAVIGATION_ENTRIES) expect(entry.anyOf.filter((name) => !known.has(name))).toEqual([]);
  });

  test('a client with ASSET_READ and VIEW_ASSET_MAP sees assets, the scan screen and the map only', () => {
    // The scan screen is where client users report an asset empty from their phone (docs/decisions/0329).
    expect(visiblePaths(user(['ROLE_CLIENT'], ['ASSET_READ', 'VIEW_ASSET_MAP']))).toEqual([
      '/assets',
      '/scan',
      '/asset-map',
    ]);
  });

  test('the Stock screen is for staff with VIEW_ASSET_MAP, not for transporters', () => {
    expect(visiblePaths(user(['ROLE_USER'], ['VIEW_ASSET_MAP']))).toEqual(['/asset-map', '/area-search', '/stock']);
    // Transporters see the pickups they drive to, not the stock.
    expect(visiblePaths(user(['ROLE_TRANSPORTER'], ['VIEW_ASSET_MAP']))).toEqual(['/asset-map', '/pickups']);
  });

  test('ASSET_PROFILE_* does not count as ASSET_*', () => {
    expect(visiblePaths(user(['ROLE_USER'], ['ASSET_PROFILE_READ']))).toEqual(['/asset-profiles']);
  });

  test('tenants need the super admin role, not ROLE_ADMIN', () => {
    expect(visiblePaths(user(['ROLE_ADMIN'], []))).toEqual(['/audit', '/retention']);
    expect(visiblePaths(user(['ROLE_SUPER_ADMIN'], []))).toEqual(['/tenants', '/audit', '/retention']);
  });

  test('the audit log is the administrators’, whatever the matrix grants others', () => {
    expect(visiblePaths(user(['ROLE_USER'], [...PERMISSIONS]))).not.toContain('/audit');
    expect(visiblePaths(user(['ROLE_CLIENT'], [...PERMISSIONS]))).not.toContain('/audit');
  });

  test('each administration permission opens its own entry', () => {
    expect(visiblePaths(user([], ['USER_DELETE']))).toEqual(['/users']);
    expect(visiblePaths(user([], ['PERMISSION_READ']))).toEqual(['/permissions']);
    expect(visiblePaths(user([], ['STYLING_EDIT', 'KPN_THINGS', 'API_TOKENS']))).toEqual([
      '/styling',
      '/kpnthings',
      '/api',
    ]);
    // Webhooks: the integrations' permissions and the admin role, as the API asks; the audit log and the
    // retention periods: the role alone.
    expect(visiblePaths(user(['ROLE_ADMIN'], ['API_TOKENS']))).toEqual(['/api', '/webhooks', '/audit', '/retention']);
  });
});

describe('breadcrumbs', () => {
  test('segments become labels with spaces and a capital, under Dashboard at /workspace', () => {
    expect(breadcrumbsFor('/asset-profiles/12', 'Dashboard')).toEqual([
      { label: 'Dashboard', to: '/workspace' },
      { label: 'Asset profiles', to: '/asset-profiles' },
      { label: '12', to: '/asset-profiles/12' },
    ]);
  });

  test('a page segment takes its title in the user language; an id stays as it is', () => {
    const titles: Record<string, string> = {
      '/devices': 'Apparaten',
      '/api': 'API-sleutels',
      '/api/reference': 'API-naslag',
    };
    expect(breadcrumbsFor('/devices/5', 'Dashboard', (to) => titles[to])).toEqual([
      { label: 'Dashboard', to: '/workspace' },
      { label: 'Apparaten', to: '/devices' },
      { label: '5', to: '/devices/5' },
    ]);
    expect(breadcrumbsFor('/api/reference', 'Dashboard', (to) => titles[to]).map((c) => c.label)).toEqual([
      'Dashboard',
      'API-sleutels',
      'API-naslag',
    ]);
  });

  test('/workspace is the root itself', () => {
    expect(breadcrumbsFor('/workspace', 'Dashboard')).toEqual([{ label: 'Dashboard', to: '/workspace' }]);
    expect(breadcrumbsFor('/', 'Dashboard')).toEqual([{ label: 'Dashboard', to: '/workspace' }]);
  });

  test('escaped and malformed segments', () => {
    expect(segmentLabel('caf%C3%A9-zone')).toBe('Café zone');
    expect(segmentLabel('%E0%A4%A')).toBe('%E0%A4%A');
  });
});

test('initials of the e-mail', () => {
  expect(initialsOfEmail('jan.de-vries@example.nl')).toBe('JD');
  expect(initialsOfEmail('admin@example.nl')).toBe('A');
  expect(initialsOfEmail('')).toBe('?');
});

test('language: saved choice, then browser language, then en', () => {
  expect(chooseLanguage('de', ['nl-NL'])).toBe('de');
  expect(chooseLanguage(null, ['es-ES', 'nl-BE'])).toBe('nl');
  expect(chooseLanguage('xx', ['es'])).toBe('en');
});
