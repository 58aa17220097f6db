import { Logger } from '@aws-lambda-powertools/logger';
import { LOAN_DAY_WORKER_FUNCTION, LOAN_DAY_WORKER_TIMEOUT_MINUTES } from '../../../shared/schemas/loan-day';
import { HAND_OVER_MARGIN_MS, type TimeLeft, timeLeftOf } from '../data/run-lease';
import { systemTenantContext } from '../data/system-context';
import { flushQueuedEffects } from '../effects/effects';
import { tenantRepository } from '../tenants/tenant-repository';
import { invokeWorker } from '../worker-invoke';
import { isDay } from './amsterdam-day';
import type { LoanDayTenantEvent } from './loan-day-fan-out';
import { emptyLoanDayReport, type LoanDayReport, runTenantLoanDay } from './loan-day-job';
import { claimLoanDay, endLoanDayRun, handOverLoanDay } from './loan-day-lease';

const logger = new Logger({ serviceName: 'loan-day-worker' });

/** The loan-day worker's time left: its Lambda context's, or its timeout counted from now. */
export const loanDayTimeLeftOf = (context?: { getRemainingTimeInMillis?: () => number }): TimeLeft =>
  timeLeftOf(context, LOAN_DAY_WORKER_TIMEOUT_MINUTES);

/** The invocation a run is in: its time left, and how the next run is invoked (the worker itself, by default). */
export interface LoanDayInvocation {
  timeLeft: TimeLeft;
  /** The Lambda context's; locally none, and the job's variable names the worker. */
  functionName?: string;
  /** Invokes the worker for the next run: a test holds it back. */
  handOverTo?: (event: LoanDayTenantEvent) => Promise<void>;
}

/**
 * One tenant's day in one worker invocation (docs/decisions/0333-the-loan-day-job-runs-each-tenant-in-a-lambda-of-
 * its-own.md): the run claims the day (loan-day-lease.ts; an invocation that is not the day's current run, or finds
 * it held or finished, does nothing), works its steps from where the day stands, and after each step, with less
 * than HAND_OVER_MARGIN_MS left, hands the day to a new invocation of the worker. A run that throws releases the
 * day first, so Lambda's retry of it claims at once and goes on from the last saved position.
 */
export async function runLoanDayWorker(
  event: LoanDayTenantEvent,
  invocation: LoanDayInvocation = { timeLeft: loanDayTimeLeftOf() },
): Promise<LoanDayReport> {
  if (!isDay(event.date)) throw new Error(`Not a day (YYYY-MM-DD): ${event.date}`);
  const ctx = systemTenantContext(event.tenant);
  const report = emptyLoanDayReport(event.date);
  // A tenant removed since the job listed it is nothing to count.
  if (!(await tenantRepository.get(Number(ctx.tenantId)))) return report;
  const progress = await claimLoanDay(ctx, event.date, event.run, Date.now() + invocation.timeLeft());
  if (progress?.run === undefined) {
    logger.info('Loan day not this run to work', { tenant: event.tenant, day: event.date, run: event.run });
    return report;
  }
  const run = progress.run;
  let handedOver = false;
  const goOn = async () => {
    if (invocation.timeLeft() >= HAND_OVER_MARGIN_MS) return true;
    // What this run queued leaves with it, not with the next.
    await flushQueuedEffects();
    const to =
      invocation.handOverTo ??
      (async (next: LoanDayTenantEvent) => {
        await invokeWorker(LOAN_DAY_WORKER_FUNCTION, next, { functionName: invocation.functionName });
      });
    handedOver = await handOverLoanDay(ctx, event.date, run, (next) => to({ ...event, run: next }));
    if (!handedOver) throw new Error(`The loan day ${event.date} was no longer run ${run}'s to hand over`);
    return false;
  };
  try {
    const finished = await runTenantLoanDay(ctx, event.date, report, { progress, goOn });
    if (finished) await endLoanDayRun(ctx, event.date, run, true);
  } catch (error) {
    if (!handedOver) await endLoanDayRun(ctx, event.date, run, false).catch(() => undefined);
    throw error;
  }
  logger.info(handedOver ? 'Loan day handed over' : 'Loan day counted', { tenant: event.tenant, run, ...report });
  return report;
}
