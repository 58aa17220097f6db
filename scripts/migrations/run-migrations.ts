import { randomUUID } from 'node:crypto';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { tenantRepository } from '../../functions/lib/tenants/tenant-repository';
import { type LedgerEntry, ledgerPartition, readEntry, recordProgress, releaseLease, takeLease } from './ledger';
import { MIGRATION_STEPS, type MigrationStep } from './steps';

export interface MigrationOptions {
  steps?: readonly MigrationStep[];
  /** A ledger of its own (a test's); default the table's. */
  scope?: string;
  /** The tenants to migrate; default every tenant of the registry. */
  tenants?: () => Promise<number[]>;
  /** Report what is pending and write nothing. */
  dryRun?: boolean;
  log?: (line: string) => void;
  now?: () => Date;
}

export interface MigrationOutcome {
  /** Steps this run finished. */
  ran: string[];
  /** Steps the ledger had finished already. */
  done: string[];
  /** Steps a dry run found still to do. */
  pending: string[];
}

const everyTenant = async () => (await tenantRepository.list()).map((tenant) => Number(tenant.id));

/**
 * Runs the migration steps the table's ledger has not finished, in order, each tenant after tenant in ascending
 * id order, recording each tenant done: a run stopped half-way resumes at the next tenant, a rerun of a finished
 * step reads one ledger item and does nothing. The first step that fails stops the run (later steps may build on
 * it) and hands its lease back, so the next run retries it from where it got to. `npm start` runs this on the
 * local table before the API listens, `npm run deploy` after every deploy, `npm run migrate` by hand.
 */
export async function runMigrations(options: MigrationOptions = {}): Promise<MigrationOutcome> {
  const partition = ledgerPartition(options.scope);
  const log = options.log ?? (() => undefined);
  const now = options.now ?? (() => new Date());
  const runner = randomUUID();
  const outcome: MigrationOutcome = { ran: [], done: [], pending: [] };
  for (const step of options.steps ?? MIGRATION_STEPS) {
    const entry = await readEntry(partition, step.id);
    if (entry.finished_at) {
      outcome.done.push(step.id);
      continue;
    }
    if (options.dryRun) {
      const at = entry.last_tenant === undefined ? '' : ` (tenants up to ${entry.last_tenant} done)`;
      log(`${step.id}: to do${at}: ${step.gives}`);
      outcome.pending.push(step.id);
      continue;
    }
    const held = await takeLease(partition, step.id, runner, now());
    if (held.finished_at) {
      outcome.done.push(step.id);
      continue;
    }
    try {
      await runStep(step, held, { partition, runner, now, tenants: options.tenants ?? everyTenant });
    } catch (error) {
      await releaseLease(partition, step.id, runner, now());
      throw error;
    }
    // A table with no tenant yet (a new one) has nothing to say per step.
    if (held.counts.tenants) log(`${step.id}: done (${formatCounts(held.counts)})`);
    outcome.ran.push(step.id);
  }
  return outcome;
}

async function runStep(
  step: MigrationStep,
  entry: LedgerEntry,
  run: { partition: string; runner: string; now: () => Date; tenants: () => Promise<number[]> },
): Promise<void> {
  await step.before?.();
  const tenants = (await run.tenants()).sort((a, b) => a - b);
  for (const tenantId of tenants) {
    if (entry.last_tenant !== undefined && tenantId <= entry.last_tenant) continue;
    const counts = await step.run(systemTenantContext(tenantId));
    for (const [name, value] of Object.entries(counts)) entry.counts[name] = (entry.counts[name] ?? 0) + value;
    entry.counts.tenants = (entry.counts.tenants ?? 0) + 1;
    entry.last_tenant = tenantId;
    await recordProgress(run.partition, entry, run.runner, run.now(), false);
  }
  await recordProgress(run.partition, entry, run.runner, run.now(), true);
}

const formatCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
