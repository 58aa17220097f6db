import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { assetRepository } from '../../functions/lib/assets/asset-repository';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { TABLE_NAME } from '../../scripts/local/config';
import { batchPut } from '../../scripts/seed/batch-write';
import { BULK_EDIT_MAX_ROWS, BULK_EDIT_MESSAGES } from '../../shared/schemas/bulk-edit';
import { call, DEMO_PASSWORD, signIn } from '../harness/api';
import { createOwnTenant, type OwnTenant, removeOwnTenant } from '../harness/own-tenant';
import { localTable, pointProcessAtStack } from '../harness/stack';

/**
 * The bound of a bulk edit by filter (docs/decisions/0331-bulk-edit-runs-as-a-job-one-conditional-write-per-row.md):
 * a filter that matches more than BULK_EDIT_MAX_ROWS assets is refused with a 422 on `selection` before any job
 * or key exists. The assets are one made through the API and copies of it written as the repository writes
 * them (BatchWriteItem, as the bench seed does), in a tenant of this file's own.
 */
type Asset = { id: number; version: number; scheduled: string | null };
type Refusal = { violations: { propertyPath: string; message: string }[] };

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** Far above any id the tenant's counter hands out, so the copies never meet an asset the API makes. */
const FIRST_COPY_ID = 1_000_000;

describe('a bulk edit past the bound', () => {
  let tenant: OwnTenant | undefined;
  let copies: { pk: string; sk: string }[] = [];

  beforeAll(() => pointProcessAtStack());

  afterAll(async () => {
    // The copies go by key first: the tenant's removal walks what is left through the API.
    for (let i = 0; i < copies.length; i += 25) {
      const keys = copies.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      await localTable().client.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: keys } }));
    }
    await removeOwnTenant(tenant);
  });

  it('refuses a filter matching more rows than the bound with a 422 and writes nothing', async () => {
    tenant = await createOwnTenant('Bulk edit bound');
    const { token } = await signIn(tenant.adminLogin, DEMO_PASSWORD);
    const scheduled = dayOffset(40);
    const made = await call<Asset>('POST', '/api/assets', { token, body: { name: 'Bound model', scheduled } });
    expect(made.status).toBe(201);
    const ctx = systemTenantContext(tenant.tenantId);
    const model = await assetRepository.get(ctx, made.body.id);
    if (!model) throw new Error('the model asset was not stored');
    // With the model, one more match than the bound.
    const items = Array.from({ length: BULK_EDIT_MAX_ROWS }, (_, i) =>
      assetRepository.toItem(ctx, { ...model, id: FIRST_COPY_ID + i, name: `Bound copy ${i}` }),
    );
    copies = items.map(({ pk, sk }) => ({ pk, sk }));
    await batchPut(items, 8);

    const filter = { 'scheduled[after]': dayOffset(39), 'scheduled[before]': dayOffset(41) };

    const refused = await call<Refusal>('POST', '/api/assets/bulk-edit', {
      token,
      body: { idempotency_key: randomUUID(), selection: { filter }, changes: { scheduled: dayOffset(50) } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toEqual([{ propertyPath: 'selection', message: BULK_EDIT_MESSAGES.tooMany }]);
    // Neither a job nor its key: the matches are counted before anything is written.
    const jobs = await localTable().client.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `T#${tenant.tenantId}#BULK_EDIT_JOB` },
      }),
    );
    expect(jobs.Items ?? []).toEqual([]);
    const after = await call<Asset>('GET', `/api/assets/${made.body.id}`, { token });
    expect(after.body).toMatchObject({ version: made.body.version, scheduled: made.body.scheduled });
  });
});
