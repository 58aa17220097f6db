import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { handler as reportJob } from '../../functions/jobs/report-subscriptions';
import { dynamo, tableName } from '../../functions/lib/data/client';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { dayItem, type StoredAuditDay } from '../../functions/lib/rental-audit/audit-keys';
import { previousMonthOf } from '../../functions/lib/report-subscriptions/next-due';
import type { ReportSubscription } from '../../shared/schemas/report-subscription';
import { DEFAULT_RETENTION } from '../../shared/schemas/retention';
import { call } from '../harness/api';
import { readCsv } from '../harness/export-files';
import { addCustomerLogin, createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { attachmentText, reportMailOf } from '../harness/report-mails';
import { pointProcessAtStack, readStack } from '../harness/stack';

/**
 * The scheduled report's `rental-audit` kind in a tenant of this file's own: a client user subscribes (naming
 * another customer, which is not theirs to ask for), the month before the due day holds audited days of two
 * customers, and the report job mails the client user's customer's rows only, as the export writes them; a rerun
 * at the same time mails nothing.
 */
let tenant: OwnTenant;
let client: { customerId: number; token: string; email: string };
let other: number;

async function writeDay(customer: number, externalId: string, day: string, name: 'on-hire' | 'over-billed') {
  const item: StoredAuditDay = {
    externalId,
    customer,
    asset: null,
    lineVersion: 1,
    day,
    class: name,
    billed: true,
    place: name === 'on-hire' ? 'site' : 'depot',
    evidence: {
      fixes: 1,
      places: {
        'delivery-zone': name === 'on-hire' ? 1 : 0,
        depot: name === 'on-hire' ? 0 : 1,
        'other-zone': 0,
        outside: 0,
      },
      firstFix: null,
      lastFix: null,
      deciding: null,
      visits: [],
      reason: null,
    },
  };
  const ctx = systemTenantContext(String(tenant.tenantId));
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: dayItem(ctx, item, DEFAULT_RETENTION.loanDayYears) }),
  );
}

beforeAll(async () => {
  pointProcessAtStack();
  const { ports } = readStack();
  process.env.SES_ENDPOINT = `http://127.0.0.1:${ports.SES_PORT}`;
  process.env.MAIL_FROM = 'Tracking <no-reply@tracking.local>';
  process.env.API_PUBLIC_URL = `http://127.0.0.1:${ports.API_PORT}`;
  tenant = await createOwnTenant('Rental audit report');
  const login = await addCustomerLogin(tenant, 'Report A');
  const me = await call<{ email: string }>('GET', '/api/me', { token: login.token });
  client = { customerId: login.customerId, token: login.token, email: me.body.email };
  const b = await call<{ id: number }>('POST', '/api/clients', {
    ...tenant.superAdmin,
    body: { name: 'Report B', company: 'Report B', email: `report-b-${tenant.tenantId}@own.local` },
  });
  expect(b.status).toBe(201);
  other = b.body.id;
}, 120_000);

afterAll(async () => {
  await removeOwnTenant(tenant);
});

describe('the rental audit report by mail', () => {
  it("mails the previous month's audit of the client user's own customer only, once", async () => {
    const created = await call<ReportSubscription>('POST', '/api/report-subscriptions', {
      token: client.token,
      body: {
        kind: 'rental-audit',
        client: other,
        schedule: { every: 'day', time: '07:00' },
        format: 'csv',
        language: 'en',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.client).toEqual({ id: client.customerId, name: expect.any(String) });
    const due = created.body.next_due as string;
    const month = previousMonthOf(new Date(due));
    await writeDay(client.customerId, 'REP-A1', `${month}-03`, 'on-hire');
    await writeDay(client.customerId, 'REP-A1', `${month}-04`, 'over-billed');
    await writeDay(other, 'REP-B1', `${month}-03`, 'over-billed');

    const only = { now: due, tenants: [String(tenant.tenantId)], subscriptions: [created.body.id] };
    expect((await reportJob(only)).sent).toBe(1);
    // The period is claimed and moved on: a rerun at the same time sends nothing.
    expect((await reportJob(only)).sent).toBe(0);
    const mail = await reportMailOf(client.email, created.body.id, (m) => m.subject === `Rental audit ${month}`);
    const text = await attachmentText(mail);
    // The other customer is named nowhere in the client user's file.
    expect(text).not.toContain('Report B');
    const rows = readCsv(text);
    expect(rows[0]?.slice(0, 9)).toEqual([
      'Customer',
      'Customer name',
      'External id',
      'Asset',
      'Asset name',
      'Asset reference',
      'Day',
      'Class',
      'Billed',
    ]);
    // Named by its contact's name (no company); the line rents by type, so no asset and no asset names.
    const own = [String(client.customerId), 'Report A', 'REP-A1', '', '', ''];
    expect(rows.slice(1)).toEqual([
      [...own, `${month}-03`, 'On hire', 'yes', '1', '1', '0', '0', '0'],
      [...own, `${month}-04`, 'Billed at a depot', 'yes', '1', '0', '1', '0', '0'],
    ]);
  });
});
