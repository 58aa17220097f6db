import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AuthContext, assertAccess } from '../../functions/lib/auth/auth-context';
import { identityFromClaims, parseList } from '../../functions/lib/auth/claims';
import { permissionsOf, type RoleRecord } from '../../functions/lib/auth/role-matrix';
import { flattenClaims } from '../../scripts/local/gateway';

describe('claims as API Gateway forwards them', () => {
  it('parses groups in the authorizer’s "[a b]" form, JSON form and array form', () => {
    expect(parseList('[ROLE_ADMIN ROLE_USER]')).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
    expect(parseList('["ROLE_ADMIN","ROLE_USER"]')).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
    expect(parseList(['ROLE_CLIENT'])).toEqual(['ROLE_CLIENT']);
    expect(parseList(undefined)).toEqual([]);
  });

  it('round-trips through the local gateway’s flattening', () => {
    const flat = flattenClaims({
      sub: 's',
      'custom:tenant': '2',
      'custom:user_id': '7',
      'cognito:groups': ['ROLE_USER'],
      exp: 5,
    });
    expect(flat).toMatchObject({ 'cognito:groups': '[ROLE_USER]', exp: '5' });
    expect(identityFromClaims(flat)).toMatchObject({ tenantId: '2', userId: 7, groups: ['ROLE_USER'] });
  });

  it('refuses claims without a numeric tenant or user id', () => {
    expect(identityFromClaims({ sub: 's', 'custom:user_id': '7' })).toBeUndefined();
    expect(identityFromClaims({ sub: 's', 'custom:tenant': 'T#1#', 'custom:user_id': '7' })).toBeUndefined();
    expect(identityFromClaims(undefined)).toBeUndefined();
  });
});

describe('authorization from the route table', () => {
  const matrix: RoleRecord[] = [
    { id: 1, version: 1, name: 'ROLE_USER', is_user_defined: false, permissions: ['ASSET_READ'] },
    { id: 2, version: 1, name: 'ROLE_CLIENT', is_user_defined: false, permissions: [] },
  ];
  const auth = (roles: string[]) => {
    const permissions = permissionsOf(matrix, roles);
    return {
      roles,
      permissions,
      hasAny: (...n: string[]) => n.some((x) => permissions.has(x) || roles.includes(x)),
    } as AuthContext;
  };

  it('grants a route to holders of any listed permission or role', () => {
    expect(() => assertAccess({ anyOf: ['ASSET_READ'] }, auth(['ROLE_USER']))).not.toThrow();
    expect(() => assertAccess({ anyOf: ['ROLE_CLIENT'] }, auth(['ROLE_CLIENT']))).not.toThrow();
  });

  it('answers 403 without one and 401 without a user', () => {
    expect(() => assertAccess({ anyOf: ['ASSET_READ'] }, auth(['ROLE_CLIENT']))).toThrow(
      expect.objectContaining({ status: 403 }),
    );
    expect(() => assertAccess('authenticated', undefined)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => assertAccess('public', undefined)).not.toThrow();
  });
});

describe('tenant contexts', () => {
  it('are never built from system-context in request handlers', () => {
    const dir = path.resolve(__dirname, '../../functions/http');
    const offenders = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /system-context|makeTenantContext/.test(readFileSync(path.join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
