import { DEV_EUI_PROBE_LIMIT_REACHED } from '../../../shared/schemas/device';
import type { TenantContext } from '../data/tenant-context';
import { DEV_EUI_REFUSALS } from '../security/limits';
import { probeBudget } from '../security/probe-budget';

/**
 * The DEVEUI probe budget of a tenant (docs/security.md "Learning or blocking another tenant's tags by DEVEUI"): each
 * DEVEUI refused with the neutral "cannot be registered" answers one bit about another tenant's tags. Spent, every
 * device registration of the tenant (create and import) is refused with 429 before any DEVEUI is looked up.
 */
const budget = probeBudget(DEV_EUI_REFUSALS, DEV_EUI_PROBE_LIMIT_REACHED);

/** Before any DEVEUI is looked up: 429 while the tenant's budget is spent. */
export const assertDevEuiProbesLeft = (ctx: TenantContext): Promise<void> => budget.assertLeft(ctx);

/** Counts refused DEVEUIs; past the budget, 429 without saying which were refused. */
export const countRefusedDevEuis = (ctx: TenantContext, refused: number): Promise<void> => budget.count(ctx, refused);
