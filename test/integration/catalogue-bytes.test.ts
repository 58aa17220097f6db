import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SEARCH_FIELD_MAX_BYTES, searchShardKey } from '../../functions/lib/assets/asset-search-catalogue';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { TABLE_NAME } from '../../scripts/local/config';
import { call, tokenOf } from '../harness/api';
import { localTable } from '../harness/stack';

/**
 * Issue 14: the search catalogue's entries are cut in UTF-8 bytes, so a shard of 1,000 long names in any
 * script stays under its byte budget (test/unit/asset-search-catalogue.test.ts checks a full shard). Here an
 * asset with the longest multi-byte name and reference goes through the API: its entry is within the byte
 * bound, and a search for the start of its name finds it.
 */
describe('the search catalogue with long multi-byte names', () => {
  it('stores the entry within its byte bound and still finds the asset', async () => {
    const admin = await tokenOf('admin');
    const name = `漢字${'漢'.repeat(253)}`;
    const created = await call<{ id: number }>('POST', '/api/assets', {
      token: admin,
      body: { name, reference: 'Ä'.repeat(255) },
    });
    expect(created.status).toBe(201);
    const shard = await localTable().client.send(
      new GetCommand({ TableName: TABLE_NAME, Key: searchShardKey(systemTenantContext(1), created.body.id) }),
    );
    const entry = shard.Item?.entries?.[String(created.body.id)] as string;
    const [storedName, storedReference] = entry.split('\n');
    expect(Buffer.byteLength(storedName ?? '', 'utf8')).toBeLessThanOrEqual(SEARCH_FIELD_MAX_BYTES);
    expect(Buffer.byteLength(storedReference ?? '', 'utf8')).toBeLessThanOrEqual(SEARCH_FIELD_MAX_BYTES);
    const found = await call<{ 'hydra:member': { id: number }[] }>(
      'GET',
      `/api/assets?search=${encodeURIComponent('漢字漢')}`,
      { token: admin },
    );
    expect(found.body['hydra:member'].map((a) => a.id)).toContain(created.body.id);
    expect((await call('DELETE', `/api/assets/${created.body.id}`, { token: admin })).status).toBe(204);
  });
});
