import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { countCustomers, verifyTenant } from './list-indexes-checks';
import { backfillTenant, dropOldKeys } from './list-indexes-steps';
import { indexState, stagedDeploys, waitUntilActive } from './list-indexes-table';

export const STEPS = ['create-indexes', 'backfill', 'count', 'verify', 'drop-old'] as const;
export type Step = (typeof STEPS)[number];

export interface MigrationOptions {
  steps: readonly Step[];
  /** Only these tenants (a test's own); default every tenant of the registry. */
  tenants?: readonly number[];
  dryRun: boolean;
  dataStack?: string;
  log: (line: string) => void;
}

export interface MigrationReport {
  ok: boolean;
  /** One line per step and tenant: what was (or, dry, would be) done. */
  lines: string[];
  problems: string[];
}

/**
 * Runs the steps in order and stops at the first that cannot go on: indexes missing (the deploys to run are
 * printed), or a verify with differences (drop-old waits for a clean one).
 */
export async function runIndexMigration(
  client: DynamoDBClient,
  table: string,
  options: MigrationOptions,
): Promise<MigrationReport> {
  const report: MigrationReport = { ok: true, lines: [], problems: [] };
  const say = (line: string) => {
    report.lines.push(line);
    options.log(line);
  };
  const dry = options.dryRun ? ' (dry run: nothing written)' : '';
  const tenants = options.tenants ?? (await tenantRepository.list()).map((tenant) => tenant.id);
  for (const step of options.steps) {
    if (step === 'create-indexes') {
      const state = options.dryRun ? await indexState(client, table) : await waitUntilActive(client, table);
      say(`create-indexes: ${state.present.length} active, building [${state.building}], missing [${state.missing}]`);
      if (state.missing.length > 0 || state.building.length > 0) {
        for (const command of stagedDeploys(state, options.dataStack)) say(`  run: ${command}`);
        report.problems.push(`indexes not active: ${[...state.missing, ...state.building].join(', ')}`);
        report.ok = false;
        return report;
      }
      continue;
    }
    for (const tenantId of tenants) {
      const ctx = systemTenantContext(tenantId);
      if (step === 'backfill') {
        const done = await backfillTenant(ctx, options);
        say(`backfill tenant ${tenantId}: ${done.read} read, ${done.updated} keyed${dry}, ${done.retried} retried`);
      } else if (step === 'count') {
        const done = await countCustomers(ctx, options);
        say(`count tenant ${tenantId}: ${done.customers} customers, ${done.set} counters set${dry}`);
      } else if (step === 'verify') {
        const problems = await verifyTenant(ctx);
        say(`verify tenant ${tenantId}: ${problems.length === 0 ? 'indexes and counters agree' : problems.join('; ')}`);
        report.problems.push(...problems.map((problem) => `tenant ${tenantId}: ${problem}`));
      } else {
        if (report.problems.length > 0) {
          say('drop-old: skipped, verify found differences (the old keys stay until a clean verify)');
          report.ok = false;
          return report;
        }
        const done = await dropOldKeys(ctx, options);
        say(`drop-old tenant ${tenantId}: ${done.read} read, ${done.cleaned} cleaned of gsi1…gsi6${dry}`);
      }
    }
  }
  report.ok = report.problems.length === 0;
  return report;
}
