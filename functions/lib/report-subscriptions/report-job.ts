import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuthContext } from '../auth/auth-context';
import { loadRoleMatrix, permissionsOf } from '../auth/role-matrix';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import { queryAllPages } from '../data/query-page';
import { fromItem } from '../data/repository';
import { systemTenantContext } from '../data/system-context';
import type { TenantContext } from '../data/tenant-context';
import { tenantRepository } from '../tenants/tenant-repository';
import { userRepository } from '../users/user-repository';
import { nextDueAfter } from './next-due';
import { deliverReport } from './report-delivery';
import {
  type ReportSubscriptionRecord,
  SUBSCRIPTION_DUE_INDEX,
  SUBSCRIPTION_TYPE,
  subscriptionDueBound,
  subscriptionDueKey,
  subscriptionDuePartition,
} from './subscription-repository';
import { kindRefusal } from './subscription-writes';
import { unsubscribeUrl } from './unsubscribe-link';

/**
 * The report job (functions/jobs/report-subscriptions.ts, every 15 minutes): per tenant it reads only the
 * subscriptions due by now (the sparse due partition), and for each claims the period (its due time) before it
 * sends, so that a run beside it or after it sends nothing twice; the mail goes once the claim holds, then the
 * subscription moves to its next due time. A failed send leaves the period due for the next run, up to
 * ATTEMPTS; then the error is recorded and the period given up. A run that dies between the mail and its
 * record sends again once the claim lapses (CLAIM_MS, shorter than the time between runs): at least once.
 */
export const ATTEMPTS = 3;
const CLAIM_MS = 10 * 60_000;
/**
 * Attached up to this size; a larger file is linked from the mail instead (SES takes 40 MB, inboxes less). A run
 * may lower it (the job's event `attachmentLimit`: a manual run, the tests), never raise it.
 */
export const ATTACHMENT_LIMIT = 7_000_000;
export const OWNER_GONE = 'The subscriber is no longer an active user';
export const NOT_ALLOWED = 'The subscriber may no longer read this report';

export interface ReportJobReport {
  now: string;
  tenants: number;
  due: number;
  sent: number;
  failed: number;
  /** Claimed by another run, or changed by a person meanwhile. */
  skipped: number;
}

/**
 * `tenants`: only those tenants; `subscriptions`: only those subscriptions of them (a manual run of one report,
 * and the tests, whose runs at a later `now` must not send the periods of what other tests subscribed).
 */
export interface ReportJobOptions {
  tenants?: readonly string[];
  subscriptions?: readonly number[];
  /** Bytes, at most ATTACHMENT_LIMIT. */
  attachmentLimit?: number;
}

export async function runReportJob(now: Date, options: ReportJobOptions = {}) {
  const limit = Math.min(options.attachmentLimit ?? ATTACHMENT_LIMIT, ATTACHMENT_LIMIT);
  const report: ReportJobReport = { now: now.toISOString(), tenants: 0, due: 0, sent: 0, failed: 0, skipped: 0 };
  const only = options.tenants ? new Set(options.tenants) : undefined;
  const chosen = options.subscriptions ? new Set(options.subscriptions) : undefined;
  for (const tenant of await tenantRepository.list()) {
    if (only && !only.has(String(tenant.id))) continue;
    report.tenants += 1;
    const ctx = systemTenantContext(String(tenant.id));
    for (const subscription of await dueSubscriptions(ctx, now)) {
      if (chosen && !chosen.has(subscription.id)) continue;
      report.due += 1;
      const outcome = await sendOne(ctx, subscription, now, limit);
      report[outcome] += 1;
    }
  }
  return report;
}

async function dueSubscriptions(ctx: TenantContext, now: Date): Promise<ReportSubscriptionRecord[]> {
  const due: ReportSubscriptionRecord[] = [];
  const pages = queryAllPages({
    TableName: tableName(),
    IndexName: SUBSCRIPTION_DUE_INDEX,
    KeyConditionExpression: `${SUBSCRIPTION_DUE_INDEX}pk = :pk AND ${SUBSCRIPTION_DUE_INDEX}sk <= :bound`,
    ExpressionAttributeValues: { ':pk': subscriptionDuePartition(ctx), ':bound': subscriptionDueBound(now) },
  });
  for await (const page of pages) for (const item of page.Items ?? []) due.push(fromItem(item));
  return due;
}

type Outcome = 'sent' | 'failed' | 'skipped';

async function sendOne(
  ctx: TenantContext,
  subscription: ReportSubscriptionRecord,
  now: Date,
  limit: number,
): Promise<Outcome> {
  const due = subscription.next_due as string;
  const attempts = subscription.sending?.due === due ? subscription.sending.attempts + 1 : 1;
  if (!(await claim(ctx, subscription, due, attempts, now))) return 'skipped';
  try {
    const refusal = await mailReport(ctx, subscription, due, now, limit);
    await settle(ctx, subscription, due, now, refusal ? { error: refusal } : { sent: true });
    return refusal ? 'failed' : 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (attempts >= ATTEMPTS) await settle(ctx, subscription, due, now, { error: message.slice(0, 500) });
    else await release(ctx, subscription.id, due, attempts, message.slice(0, 500));
    return 'failed';
  }
}

/** Sends the period's mail; answers why there is none when the owner may not have it (no retry helps then). */
async function mailReport(
  ctx: TenantContext,
  subscription: ReportSubscriptionRecord,
  due: string,
  now: Date,
  limit: number,
) {
  const owner = await userRepository.get(ctx, subscription.owner_id);
  if (!owner?.active || !owner.email) return OWNER_GONE;
  const permissions = permissionsOf(await loadRoleMatrix(ctx), owner.roles);
  if (kindRefusal(subscription.kind, owner.roles, permissions)) return NOT_ALLOWED;
  const auth = ownerContext(ctx, owner.id, owner.email, owner.roles, permissions);
  await deliverReport(
    auth,
    subscription,
    new Date(due),
    {
      to: owner.email,
      limit,
      unsubscribeUrl: unsubscribeUrl(subscription.unsubscribe_key, ctx.tenantId, subscription.id),
    },
    now,
  );
  return undefined;
}

/** The owner as the report reads them: their roles (a client user's customer) and the tenant's matrix now. */
function ownerContext(
  tenant: TenantContext,
  userId: number,
  email: string,
  roles: string[],
  permissions: Set<string>,
): AuthContext {
  const names = new Set([...permissions, ...roles]);
  return {
    sub: `report-job:${userId}`,
    userId,
    username: email,
    email,
    roles,
    permissions,
    tenant,
    homeTenantId: tenant.tenantId,
    hasAny: (...wanted) => wanted.some((name) => names.has(name)),
  };
}

const key = (ctx: TenantContext, id: number) => itemKey(ctx, SUBSCRIPTION_TYPE, id);
const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Claims the period: still due at that time, not paused, and no live claim of another run. */
async function claim(
  ctx: TenantContext,
  subscription: ReportSubscriptionRecord,
  due: string,
  attempts: number,
  now: Date,
) {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(ctx, subscription.id),
        UpdateExpression: 'SET sending = :sending',
        ConditionExpression:
          'next_due = :due AND paused = :false AND (attribute_not_exists(sending) OR sending.#until < :now)',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: {
          ':sending': { due, until: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts },
          ':due': due,
          ':false': false,
          ':now': now.toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A failed try: the claim lapses at once so the next run tries the period again. */
async function release(ctx: TenantContext, id: number, due: string, attempts: number, error: string) {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(ctx, id),
        UpdateExpression: 'SET sending = :sending',
        ConditionExpression: 'next_due = :due',
        ExpressionAttributeValues: { ':sending': { due, until: '', attempts, error }, ':due': due },
      }),
    )
    .catch((failure: unknown) => {
      if (!isConditionFailure(failure)) throw failure;
    });
}

/** The period is done (sent, or given up with its error): the next due time, the claim gone. */
async function settle(
  ctx: TenantContext,
  subscription: ReportSubscriptionRecord,
  due: string,
  now: Date,
  outcome: { sent: true } | { error: string },
) {
  // From the later of the period and now: a subscription days behind (the job stopped) sends once, not per day missed.
  const from = new Date(Math.max(Date.parse(due), now.getTime()));
  const next = nextDueAfter(subscription.schedule, from).toISOString();
  const sent = 'sent' in outcome;
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(ctx, subscription.id),
        UpdateExpression: `SET next_due = :next, ${SUBSCRIPTION_DUE_INDEX}sk = :sk, ${sent ? 'last_sent = :now, last_error = :none' : 'last_error = :error'} REMOVE sending`,
        ConditionExpression: `next_due = :due AND attribute_exists(${SUBSCRIPTION_DUE_INDEX}pk)`,
        ExpressionAttributeValues: {
          ':next': next,
          ':sk': subscriptionDueKey(next, subscription.id),
          ':due': due,
          ...(sent
            ? { ':now': now.toISOString(), ':none': null }
            : { ':error': 'error' in outcome ? outcome.error : '' }),
        },
      }),
    )
    .catch((failure: unknown) => {
      // Paused or changed by a person meanwhile: their save set the next due time.
      if (!isConditionFailure(failure)) throw failure;
    });
}
