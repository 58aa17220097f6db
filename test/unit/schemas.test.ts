import type { z } from 'zod';
import {
  apiTokenInputSchema,
  apiTokenUpdateInputSchema,
  colorEntrySchema,
  DEFAULT_COLORS,
  dataUrlByteLength,
  frontendSettingInputSchema,
  frontendSettingUpdateInputSchema,
  hydraCollectionSchema,
  idParamsSchema,
  isIsoDateString,
  kpnThingsSaveInputSchema,
  kpnThingsSettingsInputSchema,
  paginationQuerySchema,
  parseOrderQuery,
  resetPasswordConfirmInputSchema,
  resetPasswordInputSchema,
  resolveColors,
  roleInputSchema,
  roleUpdateInputSchema,
  sessionUserSchema,
  signInInputSchema,
  signInResponseSchema,
  tenantInputSchema,
  tenantUpdateInputSchema,
  toReferenceId,
  userInputSchema,
  userListQuerySchema,
  userUpdateInputSchema,
  verifyInputSchema,
} from '../../shared/schemas';

/** Messages per property path, as the API puts them in 422 violations. */
function violations(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    out[path] = [...(out[path] ?? []), issue.message];
  }
  return out;
}

const base64Of = (bytes: number) => Buffer.alloc(bytes, 1).toString('base64');

describe('common', () => {
  it('reads path ids and refuses anything but positive integers', () => {
    expect(idParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['abc', '0', '1.5', '-3', '']) {
      expect(violations(idParamsSchema, { id })).toEqual({ id: ['Must be a number'] });
    }
  });

  it('pages from 1 with at most 100 items', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1 });
    expect(paginationQuerySchema.parse({ page: '3', itemsPerPage: '20', pagination: 'false' })).toEqual({
      page: 3,
      itemsPerPage: 20,
      pagination: false,
    });
    expect(violations(paginationQuerySchema, { page: '0' })).toHaveProperty('page');
    expect(violations(paginationQuerySchema, { itemsPerPage: '101' })).toHaveProperty('itemsPerPage');
    expect(violations(paginationQuerySchema, { itemsPerPage: '0' })).toHaveProperty('itemsPerPage');
  });

  it('keeps only known order fields and directions', () => {
    const query = { 'order[name]': 'DESC', 'order[secret]': 'asc', 'order[model]': 'sideways', page: '1' };
    expect(parseOrderQuery(query, ['name', 'model'] as const)).toEqual([{ field: 'name', direction: 'desc' }]);
  });

  it('turns ids, IRIs and objects into ids', () => {
    expect(toReferenceId(3)).toBe(3);
    expect(toReferenceId('/api/clients/12')).toBe(12);
    expect(toReferenceId({ '@id': '/api/asset-profiles/7' })).toBe(7);
    expect(toReferenceId({ id: '5' })).toBe(5);
    expect(toReferenceId('/api/clients/x')).toBeUndefined();
    expect(toReferenceId(0)).toBeUndefined();
  });

  it('checks calendar dates, not just their shape', () => {
    expect(isIsoDateString('2025-02-28')).toBe(true);
    expect(isIsoDateString('2025-02-28T10:15:00+01:00')).toBe(true);
    expect(isIsoDateString('2025-02-30')).toBe(false);
    expect(isIsoDateString('2025-01-01T25:00')).toBe(false);
    expect(isIsoDateString('01/02/2025')).toBe(false);
  });

  it('parses hydra collections', () => {
    const schema = hydraCollectionSchema(apiTokenInputSchema);
    expect(schema.parse({ 'hydra:member': [{ name: 'a' }], 'hydra:totalItems': 1 })['hydra:totalItems']).toBe(1);
    expect(schema.safeParse({ member: [] }).success).toBe(false);
  });
});

describe('session', () => {
  it.each([{}, { email: null, password: null }, { email: '  ', password: '' }])(
    'requires login and password: %j',
    (body) => {
      expect(violations(signInInputSchema, body)).toEqual({
        email: ['Username or e-mail is required'],
        password: ['Password is required'],
      });
    },
  );

  it('accepts a username where an e-mail would go, and keeps password spaces', () => {
    expect(signInInputSchema.parse({ email: ' jan ', password: ' p w ' })).toEqual({ email: 'jan', password: ' p w ' });
  });

  it('needs a refresh token to verify', () => {
    expect(violations(verifyInputSchema, {})).toHaveProperty('refresh_token');
    expect(verifyInputSchema.parse({ refresh_token: 'abc' })).toEqual({ refresh_token: 'abc' });
  });

  it('resets a password by a valid e-mail', () => {
    expect(violations(resetPasswordInputSchema, { email: '' })).toEqual({ email: ['Email is required'] });
    expect(violations(resetPasswordInputSchema, {})).toEqual({ email: ['Email is required'] });
    expect(violations(resetPasswordInputSchema, { email: 'nope' })).toEqual({ email: ['Must be a valid email'] });
    expect(resetPasswordInputSchema.parse({ email: ' a@b.nl ' })).toEqual({ email: 'a@b.nl' });
  });

  it('confirms a reset with code and a long enough password', () => {
    expect(violations(resetPasswordConfirmInputSchema, { email: 'a@b.nl', code: '', password: '' })).toEqual({
      code: ['The code is required'],
      password: ['Password is required'],
    });
    expect(
      violations(resetPasswordConfirmInputSchema, { email: 'a@b.nl', code: 'ABCDE-FGH23', password: 'short' }),
    ).toHaveProperty('password');
    expect(
      resetPasswordConfirmInputSchema.parse({ email: 'a@b.nl', code: ' abcde fgh23 ', password: 'Long-Enough-2026' }),
    ).toMatchObject({ code: 'ABCDEFGH23' });
  });

  it('takes only codes of the form the mail sends (10 characters, no 0/O/1/I)', () => {
    for (const code of ['123456', 'ABCDEFGH2', 'ABCDEFGH230', 'ABCDEFGH2O', 'ABCDEFGH21']) {
      expect(
        violations(resetPasswordConfirmInputSchema, { email: 'a@b.nl', code, password: 'Long-Enough-2026' }),
      ).toEqual({
        code: ['The code has 10 letters and digits, as in the e-mail'],
      });
    }
  });

  it('describes the signed-in user with tenant', () => {
    const user = {
      id: 1,
      name: 'Jan',
      username: 'jan',
      email: 'jan@example.com',
      roles: ['ROLE_ADMIN'],
      permissions: ['USER_READ'],
      active: true,
      tenant: { id: 2, subdomain: 'acme', company: 'Acme' },
    };
    expect(signInResponseSchema.parse({ user, token: 't', refresh_token: 'r' }).user.tenant?.subdomain).toBe('acme');
    expect(sessionUserSchema.safeParse({ ...user, permissions: undefined }).success).toBe(false);
  });
});

describe('user', () => {
  const valid = { name: 'Jan', email: 'jan@example.com', password: 'Secret-Pass-2026', roles: ['ROLE_USER'] };

  it('creates an active user by default', () => {
    expect(userInputSchema.parse(valid)).toMatchObject({ active: true, roles: ['ROLE_USER'] });
  });

  it('reports the spec messages', () => {
    expect(violations(userInputSchema, { name: '', email: 'x', password: '', roles: [] })).toEqual({
      name: ['The name is required'],
      email: ['Must be a valid email'],
      password: ['Password is required'],
      roles: ['Select at least one role'],
    });
    expect(violations(userInputSchema, { ...valid, roles: ['ROLE_KING'] })).toEqual({ 'roles.0': ['Unknown role'] });
  });

  it('needs a tenant in each tenant-roles entry', () => {
    const entries = [
      { tenant: null, roles: [] },
      { tenant: '/api/tenants/4', roles: ['ROLE_ADMIN'] },
    ];
    expect(violations(userInputSchema, { ...valid, user_tenant_roles: entries })).toEqual({
      'user_tenant_roles.0.tenant': ['Tenant is required'],
    });
    const ok = userInputSchema.parse({ ...valid, user_tenant_roles: entries.slice(1) });
    expect(ok.user_tenant_roles).toEqual([{ tenant: 4, roles: ['ROLE_ADMIN'] }]);
  });

  it('updates without a password but with a version', () => {
    const update = { name: 'Jan', password: '', version: 3 };
    expect(userUpdateInputSchema.parse(update)).toEqual({ name: 'Jan', password: undefined, version: 3 });
    expect(violations(userUpdateInputSchema, { name: 'Jan' })).toEqual({ version: ['The version is required'] });
    expect(violations(userUpdateInputSchema, { ...update, email: '' })).toEqual({ email: ['Email is required'] });
    expect(violations(userUpdateInputSchema, { ...update, roles: [] })).toEqual({
      roles: ['Select at least one role'],
    });
  });

  it('filters by integer id and valid e-mail', () => {
    expect(violations(userListQuerySchema, { id: '1.5', email: 'bad' })).toEqual({
      id: ['Must be a number'],
      email: ['Must be a valid email'],
    });
    expect(userListQuerySchema.parse({ id: '7', email: '' })).toEqual({ page: 1, id: 7 });
  });
});

describe('role', () => {
  it('names a role and drops duplicate permissions', () => {
    expect(violations(roleInputSchema, { name: '' })).toEqual({ name: ['The name is required'] });
    const role = roleInputSchema.parse({
      name: 'Planner',
      role_permissions: [{ id: 1, permission: 'ASSET_READ' }, { permission: 'ASSET_READ' }],
    });
    expect(role.role_permissions).toHaveLength(1);
    expect(violations(roleInputSchema, { name: 'x', role_permissions: [{ permission: 'FLY' }] })).toEqual({
      'role_permissions.0.permission': ['Unknown permission'],
    });
  });

  it('renames or saves the matrix with a version', () => {
    expect(roleUpdateInputSchema.parse({ name: 'New', version: 1 })).toEqual({ name: 'New', version: 1 });
    expect(violations(roleUpdateInputSchema, { name: 'New', version: 0 })).toEqual({
      version: ['The version is required'],
    });
  });
});

describe('tenant', () => {
  it('requires nothing and keeps blanks as empty text', () => {
    expect(tenantInputSchema.parse({})).toEqual({});
    expect(tenantInputSchema.parse({ company: null, city: '  Delft ' })).toEqual({ company: '', city: 'Delft' });
  });

  it('accepts an image icon up to 50000 bytes', () => {
    const icon = `data:image/png;base64,${base64Of(50000)}`;
    expect(dataUrlByteLength(icon)).toBe(50000);
    expect(tenantInputSchema.parse({ icon }).icon).toBe(icon);
  });

  it.each([
    ['too large', `data:image/png;base64,${base64Of(50001)}`],
    ['not an image', `data:text/plain;base64,${base64Of(10)}`],
    ['not a data URL', 'https://example.com/logo.png'],
    ['broken base64', 'data:image/png;base64,@@@'],
  ])('refuses an icon that is %s', (_, icon) => {
    expect(violations(tenantInputSchema, { icon })).toEqual({ icon: ['The icon must be an image with up to 50kb'] });
  });

  it('checks subdomain and e-mail, and updates need a version', () => {
    expect(tenantInputSchema.parse({ subdomain: 'Acme-1' }).subdomain).toBe('acme-1');
    expect(violations(tenantInputSchema, { subdomain: 'ac me' })).toHaveProperty('subdomain');
    expect(violations(tenantInputSchema, { email: 'x@' })).toEqual({ email: ['The email needs to be valid'] });
    expect(violations(tenantUpdateInputSchema, { company: 'Acme' })).toEqual({ version: ['The version is required'] });
  });
});

describe('settings', () => {
  it('has the first-reading default colours', () => {
    expect(DEFAULT_COLORS).toEqual({
      background: '#ffffff',
      text: '#252525',
      primary: '#033302',
      primaryContrast: '#fff',
      secondary: '#d5d51a',
      secondaryContrast: '#033605',
    });
    expect(resolveColors([{ name: 'primary', color: '#123456' }])).toEqual({ ...DEFAULT_COLORS, primary: '#123456' });
  });

  it('validates colour entries', () => {
    expect(colorEntrySchema.safeParse({ name: 'primary', color: '#abc' }).success).toBe(true);
    expect(colorEntrySchema.safeParse({ name: 'primary', color: 'red' }).success).toBe(false);
    expect(colorEntrySchema.safeParse({ name: 'border', color: '#abc' }).success).toBe(false);
  });

  it('validates each setting by its name', () => {
    expect(
      frontendSettingInputSchema.parse({ name: 'asset-table-hidden-columns', data: ['id', 'country', 'id'] }),
    ).toEqual({ name: 'asset-table-hidden-columns', data: ['id', 'country'] });
    expect(
      frontendSettingInputSchema.safeParse({ name: 'asset-table-column-names', data: { 'asset-profile': 'Reel' } })
        .success,
    ).toBe(true);
    expect(
      frontendSettingInputSchema.safeParse({ name: 'colors', data: [{ name: 'text', color: 'nope' }] }).success,
    ).toBe(false);
    expect(violations(frontendSettingInputSchema, { name: 'theme', data: [] })).toEqual({ name: ['Unknown setting'] });
    expect(violations(frontendSettingUpdateInputSchema, { name: 'colors', data: [] })).toEqual({
      version: ['The version is required'],
    });
  });
});

describe('kpn things and api tokens', () => {
  it('requires all six integration fields with their own messages', () => {
    expect(violations(kpnThingsSettingsInputSchema, { client_id: '' })).toEqual({
      client_id: ['The Client ID is required'],
      client_secret: ['The Client Secret is required'],
      kpn_tenant_id: ['The KPN Tenant id is required'],
      application_id: ['The Application ID is required'],
      project_id: ['The Project ID is required'],
      device_group_id: ['The Device group ID is required'],
    });
  });

  it('takes the documented non-UUID application id as it is', () => {
    const settings = {
      client_id: 'c',
      client_secret: 's',
      kpn_tenant_id: 't',
      application_id: '4dc82561-f65f-523g-dek9-6c79ec314f02',
      project_id: 'p',
      device_group_id: 'g',
    };
    expect(kpnThingsSettingsInputSchema.parse(settings).application_id).toBe('4dc82561-f65f-523g-dek9-6c79ec314f02');
    // A save may leave the secret blank (the stored one is kept) and has no version on the first save.
    expect(kpnThingsSaveInputSchema.parse({ ...settings, client_secret: ' ' }).client_secret).toBeUndefined();
    expect(violations(kpnThingsSaveInputSchema, { ...settings, version: 0 })).toEqual({
      version: ['The version is required'],
    });
  });

  it('names a token', () => {
    expect(violations(apiTokenInputSchema, { name: ' ' })).toEqual({ name: ['The name is required'] });
    expect(apiTokenUpdateInputSchema.parse({ id: '3', name: 'ci', version: 2 })).toEqual({
      id: 3,
      name: 'ci',
      version: 2,
    });
  });
});
