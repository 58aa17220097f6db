import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/data/client';

/**
 * The migration ledger: one item per data migration step in the table it migrates (partition `MIGRATIONS`, or
 * `MIGRATIONS#<scope>` for a test's own ledger), so a table says itself which steps it has had. A step's item
 * holds when it started and finished, the last tenant it finished (a run stopped half-way resumes after it) and
 * what it counted. Only the run holding the step's lease writes it: a second deploy's run started meanwhile stops
 * rather than doing the same work at the same time.
 */
export interface LedgerEntry {
  step: string;
  started_at?: string;
  finished_at?: string;
  /** Tenants are migrated in ascending id order; this one and every lower one are done. */
  last_tenant?: number;
  counts: Record<string, number>;
  runner?: string;
  lease_until?: string;
}

/** How long a run may go quiet before another run may take its step over (a tenant's work renews it). */
export const LEASE_MS = 10 * 60_000;

export const ledgerPartition = (scope?: string) => (scope ? `MIGRATIONS#${scope}` : 'MIGRATIONS');

export class StepLeased extends Error {
  constructor(step: string, until: string) {
    super(`Another migration run holds step ${step} until ${until}; try again after it, or when it has ended.`);
    this.name = 'StepLeased';
  }
}

export async function readEntry(partition: string, step: string): Promise<LedgerEntry> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: { pk: partition, sk: step }, ConsistentRead: true }),
  );
  return { step, counts: {}, ...(Item as Partial<LedgerEntry> | undefined) };
}

/** Takes (or renews) the step's lease for this run; fails with StepLeased while another run holds it. */
export async function takeLease(partition: string, step: string, runner: string, now: Date): Promise<LedgerEntry> {
  const result = await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: partition, sk: step },
        UpdateExpression:
          'SET #step = :step, runner = :runner, lease_until = :lease, started_at = if_not_exists(started_at, :now), ' +
          'counts = if_not_exists(counts, :none)',
        ConditionExpression:
          'attribute_not_exists(finished_at) AND (attribute_not_exists(lease_until) OR lease_until < :now OR runner = :runner)',
        ExpressionAttributeNames: { '#step': 'step' },
        ExpressionAttributeValues: {
          ':step': step,
          ':runner': runner,
          ':now': now.toISOString(),
          ':lease': new Date(now.getTime() + LEASE_MS).toISOString(),
          ':none': {},
        },
        ReturnValues: 'ALL_NEW',
      }),
    )
    .catch(async (error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
      const held = await readEntry(partition, step);
      if (held.finished_at) return { Attributes: held };
      throw new StepLeased(step, held.lease_until ?? '?');
    });
  return result.Attributes as LedgerEntry;
}

/** Records a tenant done (and the counts so far), renewing the lease; refused if the lease was lost. */
export async function recordProgress(
  partition: string,
  entry: LedgerEntry,
  runner: string,
  now: Date,
  finished: boolean,
): Promise<void> {
  const sets = ['counts = :counts', 'lease_until = :lease'];
  const values: Record<string, unknown> = {
    ':counts': entry.counts,
    ':runner': runner,
    ':lease': new Date(now.getTime() + LEASE_MS).toISOString(),
  };
  if (entry.last_tenant !== undefined) {
    sets.push('last_tenant = :tenant');
    values[':tenant'] = entry.last_tenant;
  }
  if (finished) {
    sets.push('finished_at = :now');
    values[':now'] = now.toISOString();
  }
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: partition, sk: entry.step },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'runner = :runner AND attribute_not_exists(finished_at)',
        ExpressionAttributeValues: values,
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
      throw new StepLeased(entry.step, 'now (this run lost its lease)');
    });
}

/** A run that fails hands its step back at once; a run killed outright holds it until the lease ends. */
export async function releaseLease(partition: string, step: string, runner: string, now: Date): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: partition, sk: step },
        UpdateExpression: 'SET lease_until = :now',
        ConditionExpression: 'runner = :runner',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':runner': runner },
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}
