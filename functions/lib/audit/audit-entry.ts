import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDef } from '../../../shared/routes';
import type { AuditActor, AuditChange, AuditEntry } from '../../../shared/schemas/audit-entry';
import { apiClientIdOf, isApiClientIdentity } from '../api-tokens/api-client-identity';
import type { AuthContext } from '../auth/auth-context';
import { clientIp } from '../security/client-ip';

/** What the handler layer knows of a write once it has answered. */
export interface AuditFacts {
  route: Pick<RouteDef, 'id' | 'method'>;
  /** The concrete path as requested, e.g. /api/assets/12. */
  path: string;
  params: Record<string, string | undefined>;
  auth: Pick<AuthContext, 'userId' | 'username' | 'homeTenantId' | 'tenant'>;
  status: number;
  /** The answer's body: a created entity names its id there. */
  answer: unknown;
  requestId: string;
  /** When the request arrived (API Gateway's requestContext.timeEpoch): the same on every delivery of it. */
  receivedAt: number;
  ip: string;
  userAgent: string | undefined;
  /** What the request wrote, as noted where the writes were built (change-notes.ts). */
  changes: AuditChange[];
  moreChanges: number;
}

/** What the request itself tells an entry: where it went, which delivery it is, when and from where it came. */
export const requestFactsOf = (
  event: Pick<APIGatewayProxyEventV2, 'rawPath' | 'requestContext' | 'headers'>,
): Pick<AuditFacts, 'path' | 'requestId' | 'receivedAt' | 'ip' | 'userAgent'> => ({
  path: event.rawPath,
  requestId: event.requestContext.requestId,
  receivedAt: event.requestContext.timeEpoch,
  ip: clientIp(event),
  userAgent: event.headers?.['user-agent'],
});

/** Longer user agents are cut: the entry's size stays bounded whatever a client sends. */
export const USER_AGENT_MAX = 256;

export function actorOf(auth: AuditFacts['auth']): AuditActor {
  const fromTenantId = auth.homeTenantId !== auth.tenant.tenantId ? auth.homeTenantId : undefined;
  const actor: AuditActor = isApiClientIdentity(auth)
    ? { kind: 'apiCredential', id: apiClientIdOf(auth.username), name: apiClientIdOf(auth.username) }
    : { kind: 'user', id: String(auth.userId), name: auth.username };
  return fromTenantId ? { ...actor, fromTenantId } : actor;
}

/**
 * The entity a write changed: the module of its route id (assets.update → assets) and the path's first id,
 * or for a create the id its answer names. Routes that change no one entity (a bulk delete) have none.
 */
export function entityOf(facts: Pick<AuditFacts, 'route' | 'params' | 'answer'>): AuditEntry['entity'] {
  const type = facts.route.id.split('.')[0] ?? facts.route.id;
  const fromPath = facts.params.id;
  const answered = (facts.answer as { id?: unknown } | null | undefined)?.id;
  const id = fromPath ?? (typeof answered === 'number' || typeof answered === 'string' ? String(answered) : undefined);
  return id === undefined ? null : { type, id };
}

export function auditEntryOf(facts: AuditFacts): AuditEntry {
  const at = new Date(facts.receivedAt).toISOString();
  return {
    id: `${at}#${facts.requestId}`,
    at,
    action: facts.route.id,
    method: facts.route.method,
    path: facts.path,
    status: facts.status,
    entity: entityOf(facts),
    actor: actorOf(facts.auth),
    ip: facts.ip,
    userAgent: (facts.userAgent ?? '').slice(0, USER_AGENT_MAX),
    requestId: facts.requestId,
    changes: facts.changes,
    ...(facts.moreChanges > 0 ? { moreChanges: facts.moreChanges } : {}),
  };
}
