import { DEV_EUI_PROBE_LIMIT_REACHED } from '../../../shared/schemas/device';
import type { TenantContext } from '../data/tenant-context';
import { tooManyRequests } from '../http/errors';
import { DEV_EUI_REFUSALS } from '../security/limits';
import { spentFor, take } from '../security/rate-limit';

/**
 * The DEVEUI probe budget of a tenant (docs/security.md "Learning or blocking another tenant's tags by DEVEUI"): each
 * DEVEUI refused with the neutral "cannot be registered" answers one bit about another tenant's tags. Once the budget
 * is spent, every device registration of the tenant (create and import) is refused with 429 before any DEVEUI is looked
 * up: a free DEVEUI answering 201 where a taken one answers 429 would be the oracle again.
 */
const subject = (ctx: TenantContext) => `tenant-${ctx.tenantId}`;

/** Before any DEVEUI is looked up: 429 while the tenant's budget is spent. */
export async function assertDevEuiProbesLeft(ctx: TenantContext): Promise<void> {
  const wait = await spentFor(DEV_EUI_REFUSALS, subject(ctx));
  if (wait !== undefined) throw tooManyRequests(wait, DEV_EUI_PROBE_LIMIT_REACHED);
}

/**
 * Counts `refused` DEVEUIs (one atomic update, so parallel requests cannot both slip under the limit); when
 * they do not fit, the budget is spent and the answer is 429, without saying which DEVEUIs were refused.
 */
export async function countRefusedDevEuis(ctx: TenantContext, refused: number): Promise<void> {
  const taken = await take(DEV_EUI_REFUSALS, subject(ctx), refused);
  if (!taken.ok) throw tooManyRequests(taken.retryAfterSeconds, DEV_EUI_PROBE_LIMIT_REACHED);
}
