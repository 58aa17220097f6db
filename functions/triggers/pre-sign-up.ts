import { AdminLinkProviderForUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { cognito } from '../lib/auth/cognito';
import { withEffects } from '../lib/effects/with-effects';

/**
 * Cognito Pre sign-up trigger for single sign-on. The first time someone arrives through Entra ID, Cognito would
 * create a new federated user without custom:tenant, custom:user_id or groups, which the API cannot use. Instead
 * the federated identity is linked to the console's own user with the same e-mail in the SSO tenant (see
 * SsoTenant), so every later token is that user's (attributes and groups included). No such user, one of
 * another tenant, an unverified e-mail domain, or an inactive user: the sign-up is refused and
 * Cognito sends the browser back with an error, which the /oauth screen shows as Access denied.
 */

/** A pool user found by the e-mail of the federated sign-up. */
export interface Candidate {
  username: string;
  enabled: boolean;
  /** EXTERNAL_PROVIDER for federated users, which are never link targets. */
  status?: string;
  /** The console tenant of the user (custom:tenant). */
  tenantId?: string;
}

/**
 * The SSO configuration a sign-in went through: the Entra ID directory (the Cognito identity provider) belongs
 * to ONE console tenant, and the e-mail domains that directory has verified are the only ones it may vouch for.
 * An Entra user whose e-mail is that of another tenant's user (or of a domain the directory does not own) is
 * never linked to that account.
 */
export interface SsoTenant {
  tenantId: string;
  verifiedDomains: string[];
}

export const readSsoTenant = (env: NodeJS.ProcessEnv = process.env): SsoTenant | undefined => {
  const tenantId = env.SSO_TENANT_ID?.trim() ?? '';
  const verifiedDomains = (env.SSO_VERIFIED_DOMAINS ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  return /^\d+$/.test(tenantId) && verifiedDomains.length ? { tenantId, verifiedDomains } : undefined;
};

/** The e-mail's domain is one the directory verified (exact match: a subdomain is another domain). */
export const isVerifiedDomain = (email: string, sso: SsoTenant) =>
  sso.verifiedDomains.includes(email.trim().toLowerCase().split('@').pop() ?? '');

/**
 * The one console user a federated e-mail may become: of the SSO tenant, enabled, native (not federated), and
 * the only user with that e-mail there. Shared with the local stand-in (scripts/local/sso-provider.ts).
 */
export function linkTarget(email: string, sso: SsoTenant | undefined, candidates: Candidate[]): Candidate | undefined {
  if (!sso || !isVerifiedDomain(email, sso)) return undefined;
  const native = candidates.filter((c) => c.status !== 'EXTERNAL_PROVIDER');
  // E-mails are unique in the pool; two matches means the pool is not in the shape we rely on.
  const [only] = native;
  if (native.length !== 1 || !only?.enabled || only.tenantId !== sso.tenantId) return undefined;
  return only;
}

export type Decision =
  | { kind: 'pass' }
  | { kind: 'link'; destinationUsername: string; providerName: string; providerSubject: string }
  | { kind: 'refuse'; reason: string };

/** Shown to the user by Cognito as "PreSignUp failed with error <reason>."; it must not reveal who has an account. */
export const REFUSED = 'No active console account for this e-mail address.';

/** The federated username is "<provider name>_<subject at the provider>". */
export function providerSubject(userName: string, providerName: string): string | undefined {
  const prefix = `${providerName}_`;
  if (!userName.toLowerCase().startsWith(prefix.toLowerCase())) return undefined;
  return userName.slice(prefix.length) || undefined;
}

/** The whole decision, without AWS calls (test/unit/sso-pre-sign-up.test.ts). */
export function decide(
  event: Pick<PreSignUpTriggerEvent, 'triggerSource' | 'userName'> & { email: string },
  providerName: string,
  sso: SsoTenant | undefined,
  candidates: Candidate[],
): Decision {
  // Admin-created users (the users screen, the seed) and self sign-up pass through untouched.
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') return { kind: 'pass' };
  const subject = providerSubject(event.userName, providerName);
  const target = subject && linkTarget(event.email, sso, candidates);
  if (!subject || !target) return { kind: 'refuse', reason: REFUSED };
  return { kind: 'link', destinationUsername: target.username, providerName, providerSubject: subject };
}

const cleanEmail = (email: string) => email.trim().replace(/["\\]/g, '');

async function candidatesFor(userPoolId: string, email: string): Promise<Candidate[]> {
  if (!cleanEmail(email)) return [];
  const found = await cognito().send(
    new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${cleanEmail(email)}"`, Limit: 5 }),
  );
  return (found.Users ?? []).map((user) => ({
    username: user.Username ?? '',
    enabled: user.Enabled !== false,
    status: user.UserStatus,
    tenantId: user.Attributes?.find((a) => a.Name === 'custom:tenant')?.Value,
  }));
}

async function preSignUp(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  const providerName = process.env.SSO_PROVIDER_NAME ?? '';
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') return event;
  const email = event.request.userAttributes.email ?? '';
  const decision = decide(
    { ...event, email },
    providerName,
    readSsoTenant(),
    await candidatesFor(event.userPoolId, email),
  );
  if (decision.kind === 'refuse') {
    console.warn(JSON.stringify({ message: 'federated sign-up refused', userName: event.userName }));
    throw new Error(decision.reason);
  }
  if (decision.kind === 'link') {
    await cognito().send(
      new AdminLinkProviderForUserCommand({
        UserPoolId: event.userPoolId,
        DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: decision.destinationUsername },
        SourceUser: {
          ProviderName: decision.providerName,
          ProviderAttributeName: 'Cognito_Subject',
          ProviderAttributeValue: decision.providerSubject,
        },
      }),
    );
  }
  return event;
}

/** Through the one wrapper of every Lambda (functions/lib/effects/), though a sign-up queues nothing today. */
export const handler = withEffects('cognito-trigger', preSignUp);
