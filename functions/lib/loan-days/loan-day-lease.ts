import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { tenantPrefix } from '../data/keys';
import { conditionally, passRun } from '../data/run-lease';
import type { TenantContext } from '../data/tenant-context';

/**
 * A tenant's day (`T#<t>#JOB` / `LOAN_DAYS#<day>`, docs/data-model.md): how far its work got, and which worker run
 * may work it (docs/decisions/0333-the-loan-day-job-runs-each-tenant-in-a-lambda-of-its-own.md, "Since"). The
 * steps are the count (`after`, the last asset's sort key, and `done`), the month's utilisation (`rolledUp`) and the
 * rental audit (`auditAfter`, the last asset whose lines it audited, with `auditChanges`, where its pass began in
 * the change index). A run short of time hands over between two steps: `run` goes one up and the worker invokes
 * itself for that run. The run's machinery is the asset import's (functions/lib/data/run-lease.ts); what differs
 * is the claim. An import's run is claimed once; a loan-day run is claimed once at a time (`heldUntil`, its
 * invocation's deadline), because Lambda retries a loan-day run that threw and the retry must go on from here.
 */
export const dayKey = (ctx: TenantContext, day: string) => ({ pk: `${tenantPrefix(ctx)}JOB`, sk: `LOAN_DAYS#${day}` });

/** The day items expire after 40 days (TTL): a day is never counted again that late. */
const DAY_LIFETIME_S = 40 * 24 * 3600;

/** Where the day's work stands, as a run reads it when it starts. */
export interface LoanDayProgress {
  /** The run that may work the day (undefined: a manual run, which takes no lease). */
  run?: number;
  /** The last asset counted (its sort key), and whether the count is done. */
  after?: string;
  done: boolean;
  rolledUp: boolean;
  /** The last asset whose lines the audit's pass finished, and the change index position the pass began at. */
  auditAfter?: number;
  auditChanges?: string | null;
}

export const progressOf = (item: Record<string, unknown> | undefined, run?: number): LoanDayProgress => ({
  run,
  ...(typeof item?.after === 'string' || typeof item?.after === 'number' ? { after: item.after as string } : {}),
  done: item?.done === true,
  rolledUp: item?.rolledUp === true,
  ...(typeof item?.auditAfter === 'number'
    ? { auditAfter: item.auditAfter, auditChanges: (item.auditChanges as string | null | undefined) ?? null }
    : {}),
});

/** A manual run's view (no lease): the count's cursor; utilisation and audit are done whole. */
export async function readLoanDayProgress(ctx: TenantContext, day: string): Promise<LoanDayProgress> {
  const read = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: dayKey(ctx, day), ConsistentRead: true }),
  );
  const { done, after } = progressOf(read.Item);
  return { done, rolledUp: false, ...(after === undefined ? {} : { after }) };
}

const notHeld = '(attribute_not_exists(heldUntil) OR heldUntil < :now)';

/**
 * Claims the day for run `run` until `deadline` (epoch ms, the invocation's end): the progress, or undefined when
 * another invocation holds it, the day went on to another run, or (a handed-over run) the day is finished. A run
 * without a number is a start (the scheduled job's, or its retry): it takes the next run, so an invocation handed
 * over before it applies nothing, and a start of a finished day does its work again, as a rerun always did.
 */
export async function claimLoanDay(
  ctx: TenantContext,
  day: string,
  run: number | undefined,
  deadline: number,
): Promise<LoanDayProgress | undefined> {
  const start = run === undefined;
  const answer = await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: dayKey(ctx, day),
      UpdateExpression: `SET ${start ? '#run = if_not_exists(#run, :zero) + :one, finished = :false, ' : ''}heldUntil = :deadline, entityType = :type, tenantId = :tenant, updatedAt = :at, expiresAt = :expires`,
      ConditionExpression: start ? notHeld : `#run = :run AND finished = :false AND ${notHeld}`,
      ExpressionAttributeNames: { '#run': 'run' },
      ExpressionAttributeValues: {
        ...(start ? { ':zero': 0, ':one': 1 } : { ':run': run }),
        ':false': false,
        ':now': Date.now(),
        ':deadline': deadline,
        ':type': 'JOB_CURSOR',
        ':tenant': ctx.tenantId,
        ':at': new Date().toISOString(),
        ':expires': Math.floor(Date.now() / 1000) + DAY_LIFETIME_S,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return answer?.Attributes ? progressOf(answer.Attributes, Number(answer.Attributes.run)) : undefined;
}

/**
 * Saves a step's position. A run's save holds only while the day is still its own (a run that lost it throws here
 * rather than write over its successor's position); a manual run's is unconditional, as the cursor always was.
 */
export async function saveLoanDayProgress(
  ctx: TenantContext,
  day: string,
  run: number | undefined,
  fields: Record<string, unknown>,
): Promise<void> {
  const names = Object.keys(fields);
  const send = conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: dayKey(ctx, day),
      UpdateExpression: `SET ${names.map((_name, i) => `#f${i} = :f${i}`).join(', ')}, updatedAt = :at, entityType = :type, tenantId = :tenant, expiresAt = :expires`,
      ...(run === undefined ? {} : { ConditionExpression: '#run = :run' }),
      ExpressionAttributeNames: {
        ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
        ...(run === undefined ? {} : { '#run': 'run' }),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name]])),
        ...(run === undefined ? {} : { ':run': run }),
        ':at': new Date().toISOString(),
        ':type': 'JOB_CURSOR',
        ':tenant': ctx.tenantId,
        ':expires': Math.floor(Date.now() / 1000) + DAY_LIFETIME_S,
      },
    }),
  );
  if (!(await send)) throw new Error(`The loan day ${day} is no longer run ${run}'s`);
}

/**
 * Passes the day to the next run and invokes the worker for it (`invoke`). An invocation that could not be sent
 * gives the day back to this run before throwing, so Lambda's retry of this run goes on from here.
 */
export async function handOverLoanDay(
  ctx: TenantContext,
  day: string,
  run: number,
  invoke: (next: number) => Promise<void>,
): Promise<boolean> {
  if (!(await passRun(dayKey(ctx, day), run, { remove: 'heldUntil' }))) return false;
  try {
    await invoke(run + 1);
  } catch (error) {
    await conditionally(
      new UpdateCommand({
        TableName: tableName(),
        Key: dayKey(ctx, day),
        UpdateExpression: 'SET #run = :run',
        ConditionExpression: '#run = :next AND attribute_not_exists(heldUntil)',
        ExpressionAttributeNames: { '#run': 'run' },
        ExpressionAttributeValues: { ':run': run, ':next': run + 1 },
      }),
    );
    throw error;
  }
  return true;
}

/**
 * Ends run `run`: `finished` when the day's work is done (its steps' positions removed, so a later start begins a
 * new pass), or only the hold released (a run that threw, so its retry may claim at once).
 */
export async function endLoanDayRun(ctx: TenantContext, day: string, run: number, finished: boolean): Promise<void> {
  await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: dayKey(ctx, day),
      UpdateExpression: finished
        ? 'SET finished = :true, updatedAt = :at REMOVE heldUntil, rolledUp, auditAfter, auditChanges'
        : 'SET updatedAt = :at REMOVE heldUntil',
      ConditionExpression: '#run = :run',
      ExpressionAttributeNames: { '#run': 'run' },
      ExpressionAttributeValues: {
        ':run': run,
        ':at': new Date().toISOString(),
        ...(finished ? { ':true': true } : {}),
      },
    }),
  );
}
