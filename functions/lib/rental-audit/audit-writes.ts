import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { endOfAmsterdamDay } from '../loan-days/amsterdam-day';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import {
  type AuditedLine,
  auditMonthPartition,
  dayItem,
  daySortKey,
  type LineState,
  type StoredAuditDay,
  sameDay,
} from './audit-keys';
import { type ReadCounter, readLineDays } from './audit-reads';

export interface AuditWrites {
  written: number;
  deleted: number;
  events: number;
}

/** What a run writes days with: its range, the tenant's years a day is kept, and its counters. */
export interface AuditRun {
  lookback: string;
  lastDay: string;
  keptYears: number;
  reads: ReadCounter;
  writes: AuditWrites;
}

interface LineWork {
  line: AuditedLine;
  state: LineState | undefined;
  changed: boolean;
}

/**
 * Writes the computed days that differ from the stored ones. A changed line also loses its stored days that its
 * new window no longer covers, and those under a customer it no longer has (back to `lookback`); a line no longer
 * judged (cancelled, or without an asset now) comes with no computed days, so it loses all of them in that range.
 */
export async function writeDays(ctx: TenantContext, work: LineWork, computed: StoredAuditDay[], run: AuditRun) {
  const { line, state, changed } = work;
  const { lookback, lastDay, reads, writes } = run;
  const range = changed ? { from: lookback, to: lastDay } : computed.length > 0 ? spanOf(computed) : null;
  if (!range) return;
  const stored = await readLineDays(ctx, line, range, reads);
  const keep = new Set(computed.map((day) => day.day));
  for (const day of computed) {
    const item = dayItem(ctx, day, run.keptYears);
    const before = stored.get(day.day);
    // A day stored before day items expired, or under other periods, gets its expiry when it is audited again.
    if (before && sameDay(before, day) && before.expiresAt === item.expiresAt) continue;
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: item }));
    writes.written += 1;
  }
  if (!changed) return;
  const gone = [...stored.keys()].filter((day) => !keep.has(day)).map((day) => ({ customer: line.customer, day }));
  const formerCustomer = state?.line.customer;
  if (formerCustomer !== undefined && formerCustomer !== line.customer) {
    const former = await readLineDays(ctx, { customer: formerCustomer, externalId: line.externalId }, range, reads);
    gone.push(...[...former.keys()].map((day) => ({ customer: formerCustomer, day })));
  }
  for (const { customer, day } of gone) {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { pk: auditMonthPartition(ctx, day.slice(0, 7)), sk: daySortKey(customer, line.externalId, day) },
      }),
    );
    writes.deleted += 1;
  }
}

const spanOf = (days: StoredAuditDay[]) => ({ from: days[0]?.day as string, to: days.at(-1)?.day as string });

/**
 * A line turns overdue or over-billed when its newest audited day has that class and the one before did not:
 * the event leaves once, and again only after the line left that class. Without a newly audited day (its
 * window is over) the flags stay as they are.
 */
export function raiseAlarms(
  ctx: TenantContext,
  work: LineWork,
  newest: StoredAuditDay | undefined,
  writes: AuditWrites,
): { overdue: boolean; overBilled: boolean } {
  const before = { overdue: work.state?.overdue ?? false, overBilled: work.state?.overBilled ?? false };
  if (!newest || (work.state?.through && newest.day < work.state.through)) return before;
  const now = { overdue: newest.class === 'overdue', overBilled: newest.class === 'over-billed' };
  const data = {
    contract: { externalId: work.line.externalId },
    customer: { id: work.line.customer },
    asset: work.line.asset === null ? null : { id: work.line.asset },
    day: newest.day,
    onHire: work.line.onHire,
    expectedReturn: work.line.expectedReturn,
    offHire: work.line.offHire,
  };
  const occurredAt = new Date(endOfAmsterdamDay(newest.day).getTime() - 1).toISOString();
  if (now.overdue && !before.overdue) {
    queueWebhookEvent(ctx, 'rental_contract.overdue', data, occurredAt);
    writes.events += 1;
  }
  if (now.overBilled && !before.overBilled) {
    queueWebhookEvent(ctx, 'rental_contract.over_billed', data, occurredAt);
    writes.events += 1;
  }
  return now;
}
