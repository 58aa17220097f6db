import type { TenantContext } from '../data/tenant-context';
import { tooManyRequests } from '../http/errors';
import type { WindowLimit } from './rate-limit';
import { spentFor, take } from './rate-limit';

/**
 * A tenant's budget of refusals that each answer one bit about another tenant: a DEVEUI that cannot be registered
 * (another tenant's tag), a username or e-mail in use (the one user pool all tenants share). Once the budget is
 * spent, every such request of the tenant is refused with 429 before anything is looked up: a free value answering
 * 201 where a taken one answers 429 would be the oracle again. `message` is the 429's text.
 */
export function probeBudget(limit: WindowLimit, message: string) {
  const subject = (ctx: TenantContext) => `tenant-${ctx.tenantId}`;
  return {
    /** Before any value is looked up: 429 while the tenant's budget is spent. */
    async assertLeft(ctx: TenantContext): Promise<void> {
      const wait = await spentFor(limit, subject(ctx));
      if (wait !== undefined) throw tooManyRequests(wait, message);
    },
    /**
     * Counts `refused` values (one atomic update, so parallel requests cannot both slip under the limit); when they
     * do not fit, the budget is spent and the answer is 429, without saying which values were refused.
     */
    async count(ctx: TenantContext, refused: number): Promise<void> {
      if (refused === 0) return;
      const taken = await take(limit, subject(ctx), refused);
      if (!taken.ok) throw tooManyRequests(taken.retryAfterSeconds, message);
    },
  };
}
