import { isAdmin, isClientUser, isStaff } from '../../../shared/permissions';
import { CLIENT_NOT_FOUND, GEO_ZONE_NOT_FOUND } from '../../../shared/schemas/asset';
import {
  KIND_NOT_ALLOWED,
  KIND_NOT_FOR_CLIENTS,
  KIND_TAKES_NO_CUSTOMER,
  REPORT_KIND_ACCESS,
  type ReportKind,
} from '../../../shared/schemas/report-kinds';
import type { ReportSubscription, ReportSubscriptionInput } from '../../../shared/schemas/report-subscription';
import { OWNER_INVALID, reportSubscriptionSchema } from '../../../shared/schemas/report-subscription';
import type { AuthContext } from '../auth/auth-context';
import { loadRoleMatrix, permissionsOf } from '../auth/role-matrix';
import { clientRepository } from '../clients/client-repository';
import { batchGetByIds } from '../data/batch-get';
import { fromItem } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { GEO_ZONE_TYPE } from '../geo-zones/geo-zone-repository';
import { allowListOf } from '../http/allow-list';
import { forbidden, notFound, unprocessable } from '../http/errors';
import { userNamesOf } from '../pickups/pickup-users';
import { type UserRecord, userRepository } from '../users/user-repository';
import { nextDueAfter } from './next-due';
import {
  newUnsubscribeKey,
  type ReportSubscriptionRecord,
  SUBSCRIPTIONS_PER_OWNER,
  subscriptionRepository,
  subscriptionsOf,
} from './subscription-repository';

/**
 * What people do with report subscriptions (functions/http/report-subscriptions.ts): one's own, and an
 * administrator every one of the tenant; another's is 404 to anyone else, as another tenant's. A client user's
 * subscription reports their own customer whatever is sent (spec 000 s.6), like every client view.
 */
export const NO_CUSTOMER = 'A client user without a customer has no report to subscribe to';
export const TOO_MANY = `At most ${SUBSCRIPTIONS_PER_OWNER} report subscriptions per user`;
export const OWNER_NOT_ALLOWED = 'This user may not read this report';
export const OTHERS_ARE_ADMINS = 'Only an administrator subscribes another user to a report';

const allowed = allowListOf(reportSubscriptionSchema);

/** Names of the records' owners and customers (one BatchGetItem each; a deleted one: no name). */
export async function namesOf(ctx: TenantContext, records: readonly ReportSubscriptionRecord[]) {
  const clientIds = [...new Set(records.flatMap((record) => (record.client_id === null ? [] : [record.client_id])))];
  const [owners, clients] = await Promise.all([
    userNamesOf(ctx, [...new Set(records.map((record) => record.owner_id))]),
    clientIds.length === 0 ? [] : batchGetByIds(ctx, 'CLIENT', clientIds, { attributes: ['id', 'name', 'company'] }),
  ]);
  const customers = new Map(
    clients.map((item) => {
      const client = fromItem<{ id: number; name: string; company?: string | null }>(item);
      return [client.id, client.company || client.name] as const;
    }),
  );
  return { owners, customers };
}

type Names = Awaited<ReturnType<typeof namesOf>>;

export function presentSubscription(record: ReportSubscriptionRecord, names: Names): ReportSubscription {
  return allowed({
    '@id': `/api/report-subscriptions/${record.id}`,
    '@type': 'ReportSubscription',
    ...record,
    owner: { id: record.owner_id, name: names.owners.get(record.owner_id) ?? null },
    options: record.options ?? {},
    client:
      record.client_id === null ? null : { id: record.client_id, name: names.customers.get(record.client_id) ?? null },
    next_due: record.paused ? null : record.next_due,
    last_sent: record.last_sent ?? null,
    last_error: record.last_error ?? null,
  });
}

export async function presentAll(ctx: TenantContext, records: ReportSubscriptionRecord[]) {
  const names = await namesOf(ctx, records);
  return records.map((record) => presentSubscription(record, names));
}

/** The subscription if the caller may see it: their own, or any of the tenant for an administrator. */
export async function visibleSubscription(auth: AuthContext, id: number): Promise<ReportSubscriptionRecord> {
  const record = await subscriptionRepository.get(auth.tenant, id);
  if (!record || (record.owner_id !== auth.userId && !isAdmin(auth.roles))) throw notFound();
  return record;
}

/** The customer the report covers: a client user's own, otherwise the one asked for if it exists (or all). */
async function customerFor(ctx: TenantContext, owner: UserRecord | undefined, asked: number | null | undefined) {
  if (owner && isClientUser(owner.roles)) {
    if (owner.client_id === undefined) throw unprocessable([{ propertyPath: 'client', message: NO_CUSTOMER }]);
    return owner.client_id;
  }
  if (asked === null || asked === undefined) return null;
  if (!(await clientRepository.get(ctx, asked)))
    throw unprocessable([{ propertyPath: 'client', message: CLIENT_NOT_FOUND }]);
  return asked;
}

/**
 * The subscriber and their permissions: the caller, unless an administrator names another active user of the
 * tenant (a client user among them: then their customer's); whether that user may read the kind is checkOptions'.
 * Anyone else naming another is refused (403); the lookup is in the caller's tenant, so another tenant's user is
 * "not found" whoever asks.
 */
async function ownerFor(auth: AuthContext, asked: number | null | undefined, current?: number) {
  const wanted = asked ?? current ?? auth.userId;
  if (wanted !== auth.userId && wanted !== current && !isAdmin(auth.roles)) throw forbidden(OTHERS_ARE_ADMINS);
  const owner = await userRepository.get(auth.tenant, wanted);
  if (wanted === auth.userId) return { id: wanted, record: owner, roles: auth.roles, permissions: auth.permissions };
  if (!owner?.active && wanted !== current) throw unprocessable([{ propertyPath: 'owner', message: OWNER_INVALID }]);
  const roles = owner?.roles ?? [];
  return { id: wanted, record: owner, roles, permissions: permissionsOf(await loadRoleMatrix(auth.tenant), roles) };
}

type Owner = Awaited<ReturnType<typeof ownerFor>>;

/**
 * Whether the owner may have this kind: the permissions of the list it is made of, and no client user for a kind
 * made of what is hidden from them. The job asks the same at sending time (report-job.ts), with the roles then.
 */
export function kindRefusal(kind: ReportKind, roles: readonly string[], permissions: ReadonlySet<string>) {
  const access = REPORT_KIND_ACCESS[kind];
  if (isClientUser(roles) && !access.clients) return KIND_NOT_FOR_CLIENTS;
  if (access.staffOnly && !isStaff(roles)) return KIND_NOT_ALLOWED;
  if (!access.anyOf.some((name) => permissions.has(name) || roles.includes(name))) return KIND_NOT_ALLOWED;
  return undefined;
}

/**
 * The subscriber may have the kind (another user named by an administrator: 422 on `owner`, the caller: on
 * `kind`), and the kind's zones are the tenant's (one BatchGetItem of at most 20 keys).
 */
async function checkOptions(auth: AuthContext, owner: Owner, input: ReportSubscriptionInput) {
  const refusal = kindRefusal(input.kind, owner.roles, owner.permissions);
  if (refusal && owner.id !== auth.userId) throw unprocessable([{ propertyPath: 'owner', message: OWNER_NOT_ALLOWED }]);
  if (refusal) throw unprocessable([{ propertyPath: 'kind', message: refusal }]);
  if (!REPORT_KIND_ACCESS[input.kind].customer && input.client != null)
    throw unprocessable([{ propertyPath: 'client', message: KIND_TAKES_NO_CUSTOMER }]);
  const zones = input.options.zones ?? [];
  if (zones.length === 0) return;
  const found = new Set(
    (await batchGetByIds(auth.tenant, GEO_ZONE_TYPE, zones, { attributes: ['id'] })).map((z) => z.id),
  );
  const missing = zones.findIndex((id) => !found.has(id));
  if (missing >= 0) throw unprocessable([{ propertyPath: `options.zones.${missing}`, message: GEO_ZONE_NOT_FOUND }]);
}

const choiceOf = (input: ReportSubscriptionInput, clientId: number | null, now: Date) => ({
  kind: input.kind,
  options: input.options,
  client_id: clientId,
  schedule: input.schedule,
  format: input.format,
  language: input.language,
  paused: input.paused ?? false,
  next_due: nextDueAfter(input.schedule, now).toISOString(),
});

/** The owner's subscriptions stay one small Query (SUBSCRIPTIONS_PER_OWNER). */
async function checkRoomFor(ctx: TenantContext, ownerId: number) {
  if ((await subscriptionsOf(ctx, ownerId)).length >= SUBSCRIPTIONS_PER_OWNER)
    throw unprocessable([{ propertyPath: '', message: TOO_MANY }]);
}

export async function createSubscription(auth: AuthContext, input: ReportSubscriptionInput) {
  const owner = await ownerFor(auth, input.owner);
  await checkOptions(auth, owner, input);
  const ownerId = owner.id;
  const clientId = await customerFor(auth.tenant, owner.record, input.client);
  await checkRoomFor(auth.tenant, ownerId);
  const record = await subscriptionRepository.create(auth.tenant, {
    owner_id: ownerId,
    ...choiceOf(input, clientId, new Date()),
    last_sent: null,
    last_error: null,
    unsubscribe_key: newUnsubscribeKey(),
  });
  return (await presentAll(auth.tenant, [record]))[0] as ReportSubscription;
}

/**
 * A person's change: a new schedule (or a resumed subscription) is due at its next time from now, which also
 * ends a claim of the job on the old period (the job's writes are conditioned on the due time it read).
 */
export async function updateSubscription(
  auth: AuthContext,
  id: number,
  input: ReportSubscriptionInput & { version: number },
) {
  const current = await visibleSubscription(auth, id);
  const owner = await ownerFor(auth, input.owner, current.owner_id);
  await checkOptions(auth, owner, input);
  const ownerId = owner.id;
  const clientId = await customerFor(auth.tenant, owner.record, input.client);
  if (ownerId !== current.owner_id) await checkRoomFor(auth.tenant, ownerId);
  const record = await subscriptionRepository.update(auth.tenant, id, input.version, (stored) => ({
    ...stored,
    owner_id: ownerId,
    ...choiceOf(input, clientId, new Date()),
    sending: undefined,
  }));
  return (await presentAll(auth.tenant, [record]))[0] as ReportSubscription;
}
