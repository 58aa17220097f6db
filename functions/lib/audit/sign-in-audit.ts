import type { Logger } from '@aws-lambda-powertools/logger';
import { userRecordKeyOf } from '../auth/sign-out-everywhere';
// The tenant comes from the session Cognito just answered or from the Cognito user's own attributes, never from
// the request.
import { systemTenantContext } from '../data/system-context';
import { auditEntryOf, type requestFactsOf } from './audit-entry';
import { recordAuditEntry } from './audit-log';

/**
 * Sign-ins in the audit log: each one with a password (the route `session.signIn`) or by single sign-on (the
 * route `session.oauthCallback`), and each refused password of an account that exists, in the account's tenant,
 * with its status (200 or 401) and the user as the entity, so a user's history shows them. A refused login that
 * names no account has no tenant to be kept in: the sign-in limits count it (functions/lib/security/limits.ts).
 */
type RequestFacts = ReturnType<typeof requestFactsOf>;

interface Account {
  tenantId: string;
  userId: number;
  username: string;
}

type SignInRoute = { id: 'session.signIn'; method: 'POST' } | { id: 'session.oauthCallback'; method: 'GET' };
const PASSWORD: SignInRoute = { id: 'session.signIn', method: 'POST' };
export const SINGLE_SIGN_ON: SignInRoute = { id: 'session.oauthCallback', method: 'GET' };

async function record(
  request: RequestFacts,
  account: Account,
  status: 200 | 401,
  logger: Logger,
  route: SignInRoute = PASSWORD,
) {
  const tenant = systemTenantContext(account.tenantId);
  const entry = auditEntryOf({
    ...request,
    route,
    params: { id: String(account.userId) },
    auth: { userId: account.userId, username: account.username, homeTenantId: account.tenantId, tenant },
    status,
    answer: undefined,
    changes: [],
    moreChanges: 0,
  });
  await recordAuditEntry(tenant, { ...entry, entity: { type: 'users', id: String(account.userId) } }).catch((error) =>
    logger.error('Audit entry of a sign-in not written', error),
  );
}

/** A sign-in that succeeded, as the session answered it; by password unless `route` says single sign-on. */
export async function auditSignIn(
  request: RequestFacts,
  user: { id: number; username: string | null; tenant?: { id: number } | null },
  logger: Logger,
  route: SignInRoute = PASSWORD,
) {
  if (!user.tenant) return;
  const account = { tenantId: String(user.tenant.id), userId: user.id, username: user.username ?? String(user.id) };
  await record(request, account, 200, logger, route);
}

/** A refused sign-in of an account that exists (by its username). */
export async function auditRefusedSignIn(request: RequestFacts, username: string, logger: Logger) {
  const key = await userRecordKeyOf({ username }).catch(() => undefined);
  if (!key) return;
  await record(request, { ...key, username }, 401, logger);
}
