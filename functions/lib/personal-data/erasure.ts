import type { Erasure } from '../../../shared/schemas/personal-data';
import type { TenantContext } from '../data/tenant-context';
import type { UserRecord } from '../users/user-repository';
import { advanceErasure } from './erasure-progress';
import { LIVE_DATA_STEPS } from './erasure-steps';
import { erasureOf, recordErasure } from './erasure-store';

/**
 * Erasing a person (docs/security.md "Erasing a person"): the request records the erasure and runs the steps
 * on live data itself (the account is gone and no rule mails the address when it answers); the tenant-walk job
 * (erasure-job.ts) walks the records of the past and finishes it. Both run the steps from where the record
 * says the last run stopped, so a crash or a timeout repeats at most one page.
 */

/** The request's budget for the live data, inside API Gateway's 30 s; the job carries on what is left. */
const REQUEST_BUDGET_MS = 15_000;

const answer = (userId: number, status: Erasure['status']): Erasure => ({ '@type': 'Erasure', user: userId, status });

/** Starts the user's erasure (or carries on the one already started) as far as the live data. */
export async function eraseUser(ctx: TenantContext, user: UserRecord): Promise<Erasure> {
  const erasure = await recordErasure({
    tenantId: ctx.tenantId,
    userId: user.id,
    username: user.username,
    email: user.email ?? '',
    name: user.name,
    clientId: user.client_id ?? null,
    requestedAt: new Date().toISOString(),
    step: 0,
  });
  await advanceErasure(erasure, LIVE_DATA_STEPS, Date.now() + REQUEST_BUDGET_MS, false);
  return answer(user.id, 'running');
}

/**
 * The erasure of a user whose account is gone: `running` while one is pending (a repeated request carries the
 * live steps on), undefined when there is none (then there is nobody to erase).
 */
export async function erasureStateOf(ctx: TenantContext, userId: number): Promise<Erasure | undefined> {
  const erasure = await erasureOf(ctx.tenantId, userId);
  if (!erasure) return undefined;
  await advanceErasure(erasure, LIVE_DATA_STEPS, Date.now() + REQUEST_BUDGET_MS, false);
  return answer(userId, 'running');
}
