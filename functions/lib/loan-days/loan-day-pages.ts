import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { LOAN_DAY_PAGE_RECORDS } from '../../../shared/schemas/loan-day';
import { dynamo, tableName } from '../data/client';
import { pad } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { badRequest } from '../http/errors';
import { loanDayPartition, type StoredRecord } from './loan-day-records';

/**
 * A month's loan-day records in answers of about LOAN_DAY_PAGE_RECORDS (GET /api/loan-days, its export): an
 * answer ends at the first asset boundary after that many records, so an asset's month is always whole in one
 * answer, and its cursor is the last asset's key `<client>-<asset>` (the asset map's cursor shape). The next
 * answer is the key range after that asset: sk > `<client>#<asset>#~` ('~' sorts after a day and RESET).
 */
export interface LoanDayPage {
  records: StoredRecord[];
  /** The cursor of the rest, null when the month (or the customer's part of it) ends here. */
  cursor: string | null;
}

/** `<client 10>#<asset 10>`: the records' owner, the first 21 characters of their sort key. */
const OWNER_LENGTH = 21;
const ownerOf = (record: StoredRecord) => String(record.sk).slice(0, OWNER_LENGTH);

interface Range {
  condition: string;
  values: Record<string, string>;
}

function rangeOf(ctx: TenantContext, month: string, clientId: number | undefined, cursor: string | undefined): Range {
  const values: Record<string, string> = { ':pk': loanDayPartition(ctx, month) };
  const prefix = clientId === undefined ? undefined : `${pad(clientId)}#`;
  const owner = cursor?.replace('-', '#');
  // A cursor of another customer's range would only skip or end the caller's own read, but it is a mistake.
  if (prefix && owner && !owner.startsWith(prefix)) throw badRequest('Invalid cursor');
  if (owner && prefix) {
    return {
      condition: 'pk = :pk AND sk BETWEEN :after AND :end',
      values: { ...values, ':after': `${owner}#~`, ':end': `${prefix}~` },
    };
  }
  if (owner) return { condition: 'pk = :pk AND sk > :after', values: { ...values, ':after': `${owner}#~` } };
  if (prefix) return { condition: 'pk = :pk AND begins_with(sk, :prefix)', values: { ...values, ':prefix': prefix } };
  return { condition: 'pk = :pk', values };
}

/** One answer's records: all customers' or one's (`clientId`), after `cursor`. */
export async function readLoanDayPage(
  ctx: TenantContext,
  month: string,
  options: { clientId?: number; cursor?: string },
  size = LOAN_DAY_PAGE_RECORDS,
): Promise<LoanDayPage> {
  const range = rangeOf(ctx, month, options.clientId, options.cursor);
  const records: StoredRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: range.condition,
        ExpressionAttributeValues: range.values,
        ExclusiveStartKey: start,
        Limit: 1000,
      }),
    );
    for (const record of (page.Items ?? []) as StoredRecord[]) {
      const last = records.at(-1);
      if (last && records.length >= size && ownerOf(record) !== ownerOf(last)) {
        return { records, cursor: ownerOf(last).replace('#', '-') };
      }
      records.push(record);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { records, cursor: null };
}
