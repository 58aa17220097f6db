import {
  DEFAULT_SECOND_FACTOR_POLICY,
  SECOND_FACTOR_SUPER_ADMIN_ONLY,
  type SecondFactorPolicyInput,
  type SecondFactorPolicySettings,
  secondFactorPolicySchema,
} from '../../../shared/schemas/second-factor';
import { SETTING_NAMES } from '../../../shared/schemas/settings';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';
import { tenantPolicySetting } from '../settings/tenant-policy-setting';
import type { AuthContext } from './auth-context';

/**
 * Which roles of a tenant must use a second factor. A user's own tenant decides (a super admin acting in another
 * tenant is still held to the platform tenant's policy, the one that names super admins).
 */
const setting = tenantPolicySetting(SETTING_NAMES.secondFactor, secondFactorPolicySchema, DEFAULT_SECOND_FACTOR_POLICY);

export const readSecondFactorPolicy = (ctx: TenantContext): Promise<SecondFactorPolicySettings> => setting.read(ctx);

/** Only a super admin adds or removes super admins from the list: a tenant admin cannot lock them in or out. */
export async function saveSecondFactorPolicy(
  auth: AuthContext,
  input: SecondFactorPolicyInput,
): Promise<SecondFactorPolicySettings> {
  const current = await setting.read(auth.tenant);
  const namesSuperAdmins = (roles: string[]) => roles.includes('ROLE_SUPER_ADMIN');
  if (
    namesSuperAdmins(current.required_roles) !== namesSuperAdmins(input.required_roles) &&
    !auth.roles.includes('ROLE_SUPER_ADMIN')
  )
    throw unprocessable([{ propertyPath: 'required_roles', message: SECOND_FACTOR_SUPER_ADMIN_ONLY }]);
  return setting.save(auth.tenant, input);
}

/**
 * Whether this signed-in user's roles require a second factor in their own tenant. Read on every sign-in and
 * refresh, uncached: that is one GetItem per session an hour, and a new requirement holds from the next renewal
 * on every container rather than a cache's lifetime later.
 */
export async function secondFactorRequiredOf(ctx: TenantContext, roles: readonly string[]): Promise<boolean> {
  const { required_roles } = await setting.read(ctx);
  return roles.some((role) => required_roles.includes(role));
}
