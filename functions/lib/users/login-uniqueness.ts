import { AdminGetUserCommand, type AttributeType, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Violation } from '../../../shared/errors';
import { LOGIN_PROBE_LIMIT_REACHED } from '../../../shared/schemas/user';
import { cognito, userPoolId } from '../auth/cognito';
import { EMAIL_TAKEN, USERNAME_TAKEN } from '../auth/cognito-errors';
import type { TenantContext } from '../data/tenant-context';
import { LOGIN_REFUSALS } from '../security/limits';
import { probeBudget } from '../security/probe-budget';

/** A login of the pool: its username and the tenant it belongs to. */
interface Holder {
  username: string;
  tenant: string | undefined;
}

const tenantOf = (attributes: AttributeType[] | undefined) =>
  attributes?.find((attribute) => attribute.Name === 'custom:tenant')?.Value;

const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

async function holderOfUsername(username: string): Promise<Holder | undefined> {
  try {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
    return { username, tenant: tenantOf(user.UserAttributes) };
  } catch (error) {
    if (errorName(error) === 'UserNotFoundException') return undefined;
    throw error;
  }
}

/** The pool's logins holding this e-mail (as typed and in lower case: sign-in finds either). */
async function holdersOfEmail(email: string): Promise<Holder[]> {
  const variants = [...new Set([email, email.toLowerCase()])].map((value) => value.replace(/["\\]/g, ''));
  const found = await Promise.all(
    variants.map((value) =>
      cognito().send(new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `email = "${value}"` })),
    ),
  );
  return found.flatMap(
    (answer) =>
      answer.Users?.map((user) => ({ username: user.Username ?? '', tenant: tenantOf(user.Attributes) })) ?? [],
  );
}

/**
 * Usernames and e-mails are unique in the one user pool all tenants share, so "in use" for one held in another tenant
 * tells whether somebody there has this address. Those refusals spend a daily budget per tenant (LOGIN_REFUSALS, as
 * the DEVEUI probes do); spent, user creation and e-mail changes are refused with 429 before anything is looked up.
 */
const loginProbes = probeBudget(LOGIN_REFUSALS, LOGIN_PROBE_LIMIT_REACHED);

/**
 * What keeps a username or e-mail from being this login's: in use by another login of the pool. `ownUsername` is the
 * user being edited, who may keep their own values. Refusals for another tenant's login are counted (loginProbes).
 */
export async function loginViolations(
  ctx: TenantContext,
  wanted: { username?: string | null; email?: string },
  ownUsername?: string,
): Promise<Violation[]> {
  await loginProbes.assertLeft(ctx);
  const violations: Violation[] = [];
  let foreign = 0;
  if (wanted.username && wanted.username !== ownUsername) {
    const holder = await holderOfUsername(wanted.username);
    if (holder) {
      violations.push({ propertyPath: 'username', message: USERNAME_TAKEN });
      if (holder.tenant !== ctx.tenantId) foreign += 1;
    }
  }
  if (wanted.email) {
    const holders = (await holdersOfEmail(wanted.email)).filter((holder) => holder.username !== ownUsername);
    if (holders.length > 0) {
      violations.push({ propertyPath: 'email', message: EMAIL_TAKEN });
      if (holders.some((holder) => holder.tenant !== ctx.tenantId)) foreign += 1;
    }
  }
  await loginProbes.count(ctx, foreign);
  return violations;
}
