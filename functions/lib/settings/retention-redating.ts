import type { Retention } from '../../../shared/schemas/retention';
import { systemTenantContext } from '../data/system-context';
import { type WalkedKinds, walkTenantPage } from '../data/tenant-walk';
import { amsterdamDay } from '../loan-days/amsterdam-day';
import {
  finishRedating,
  pendingRedatings,
  type RedatingRecord,
  saveRedatingProgress,
} from './retention-redating-store';
import { expiresAfterDays, expiresAfterYears } from './retention-settings';

/**
 * Records kept before a retention change get the expiry the new periods give them, counted from the same date
 * their writer counted from (docs/data-model.md "Retention"): a longer period keeps them longer, a shorter one
 * lets DynamoDB's TTL remove those now past it. An open zone visit keeps no expiry.
 */
type Item = Record<string, unknown>;

/** The kinds the periods name, by `entityType` (zone visits by their sort key). */
export const KEPT_KINDS: WalkedKinds = {
  entityTypes: [
    'EVENT',
    'SENT_ALARM',
    'AUDIT_ENTRY',
    'REJECTED',
    'REJECTED_COUNT',
    'WEBHOOK_DELIVERY',
    'LOAN_DAY',
    'RENTAL_AUDIT_DAY',
  ],
  sortKeyPrefixes: ['VISIT#'],
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function expiryOf(item: Item, retention: Retention): number | undefined {
  if (text(item.sk)?.startsWith('VISIT#')) {
    const leftAt = text(item.leftAt);
    return leftAt ? expiresAfterDays(leftAt, retention.zoneVisitDays) : undefined;
  }
  const days = (at: unknown, kept: number) => (text(at) ? expiresAfterDays(text(at) as string, kept) : undefined);
  switch (item.entityType) {
    case 'EVENT':
      return days(item.date, retention.locatedEventDays);
    case 'SENT_ALARM':
      return days(item.at, retention.alarmDays);
    case 'AUDIT_ENTRY':
      return days(item.at, retention.auditEntryDays);
    case 'REJECTED':
    case 'REJECTED_COUNT':
      return days(item.receivedAt, retention.rejectedUplinkDays);
    case 'WEBHOOK_DELIVERY':
      return days(item.createdAt, retention.webhookDeliveryDays);
    case 'LOAN_DAY': {
      const day = text(item.day) ?? (text(item.at) ? amsterdamDay(new Date(item.at as string)) : undefined);
      return day ? expiresAfterYears(day, retention.loanDayYears) : undefined;
    }
    // The rental audit's days are billing evidence beside the loan days, kept by the same years.
    case 'RENTAL_AUDIT_DAY':
      return text(item.day) ? expiresAfterYears(item.day as string, retention.loanDayYears) : undefined;
    default:
      return undefined;
  }
}

/** The new expiry of a kept item, when it differs from the one it has. */
export function redatedAttributes(item: Item, retention: Retention): Item | undefined {
  const expiresAt = expiryOf(item, retention);
  return expiresAt === undefined || expiresAt === item.expiresAt ? undefined : { expiresAt };
}

/** Walks one tenant's kept records until done or the deadline; answers whether it is done. */
async function advanceRedating(record: RedatingRecord, deadline: number): Promise<boolean> {
  const ctx = systemTenantContext(record.tenantId);
  let cursor = record.cursor;
  do {
    if (Date.now() > deadline) return false;
    cursor = await walkTenantPage(ctx, KEPT_KINDS, (item) => redatedAttributes(item, record.retention), cursor);
    // Replaced by a later change: its own run starts over with the latest periods.
    if (!(await saveRedatingProgress({ ...record, cursor }))) return true;
  } while (cursor);
  await finishRedating(record);
  return true;
}

/** The re-datings of the tenant-walk job: every pending one, until the deadline. */
export async function runRedatings(
  deadline: number,
  tenants?: readonly string[],
): Promise<{ finished: number; left: number }> {
  let finished = 0;
  let left = 0;
  for await (const record of pendingRedatings()) {
    if (tenants && !tenants.includes(record.tenantId)) continue;
    if (await advanceRedating(record, deadline)) finished += 1;
    else left += 1;
  }
  return { finished, left };
}
