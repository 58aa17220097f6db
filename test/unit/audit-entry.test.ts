import { apiClientUsername } from '../../functions/lib/api-tokens/api-client-identity';
import { type AuditFacts, auditEntryOf, USER_AGENT_MAX } from '../../functions/lib/audit/audit-entry';
import { auditItemOf, auditQuery } from '../../functions/lib/audit/audit-log';
import { systemTenantContext } from '../../functions/lib/data/system-context';

const ctx = systemTenantContext('7');
const facts = (over: Partial<AuditFacts> = {}): AuditFacts => ({
  route: { id: 'assets.update', method: 'PUT' },
  path: '/api/assets/12',
  params: { id: '12' },
  auth: { userId: 4, username: 'planner', homeTenantId: '7', tenant: ctx },
  status: 200,
  answer: { id: 12, name: 'Reel' },
  requestId: 'req-1',
  receivedAt: Date.parse('2026-11-29T10:00:00.000Z'),
  ip: '198.51.100.7',
  userAgent: 'Mozilla/5.0',
  changes: [],
  moreChanges: 0,
  ...over,
});

describe('audit entries', () => {
  beforeAll(() => {
    process.env.TABLE_NAME = 'tracking-test';
  });
  it('names the action, the entity of the path and the user who acted', () => {
    expect(auditEntryOf(facts())).toEqual({
      id: '2026-11-29T10:00:00.000Z#req-1',
      at: '2026-11-29T10:00:00.000Z',
      action: 'assets.update',
      method: 'PUT',
      path: '/api/assets/12',
      status: 200,
      entity: { type: 'assets', id: '12' },
      actor: { kind: 'user', id: '4', name: 'planner' },
      ip: '198.51.100.7',
      userAgent: 'Mozilla/5.0',
      requestId: 'req-1',
      changes: [],
    });
  });

  it('takes a created entity from the answer, and names none for a write on no one entity', () => {
    const created = auditEntryOf(
      facts({ route: { id: 'assets.create', method: 'POST' }, params: {}, answer: { id: 99 } }),
    );
    expect(created.entity).toEqual({ type: 'assets', id: '99' });
    const bulk = auditEntryOf(facts({ route: { id: 'assets.deleteMany', method: 'POST' }, params: {}, answer: '' }));
    expect(bulk.entity).toBeNull();
  });

  it('names an API credential by its client id, and a super admin acting in another tenant by their own', () => {
    const credential = auditEntryOf(
      facts({ auth: { userId: 0, username: apiClientUsername('erp-1'), homeTenantId: '7', tenant: ctx } }),
    );
    expect(credential.actor).toEqual({ kind: 'apiCredential', id: 'erp-1', name: 'erp-1' });
    const visiting = auditEntryOf(facts({ auth: { userId: 1, username: 'root', homeTenantId: '1', tenant: ctx } }));
    expect(visiting.actor).toEqual({ kind: 'user', id: '1', name: 'root', fromTenantId: '1' });
  });

  it('keeps its size bounded whatever user agent is sent, and is the same entry for the same request', () => {
    const long = auditEntryOf(facts({ userAgent: 'x'.repeat(10_000) }));
    expect(long.userAgent).toHaveLength(USER_AGENT_MAX);
    expect(auditEntryOf(facts()).id).toBe(auditEntryOf(facts()).id);
  });

  it('is stored under the tenant, found by entity and actor, and expires after the retention', () => {
    const item = auditItemOf(ctx, auditEntryOf(facts()), 400);
    expect(item).toMatchObject({
      pk: 'T#7#AUDIT',
      sk: '2026-11-29T10:00:00.000Z#req-1',
      gsi1pk: 'T#7#AUDIT_ENTITY#assets#12',
      gsi2pk: 'T#7#AUDIT_ACTOR#user#4',
      expiresAt: Date.parse('2026-11-29T10:00:00.000Z') / 1000 + 400 * 86_400,
    });
  });

  it('reads the entity index for an entity, the actor index for an actor, else the tenant partition', () => {
    expect(auditQuery(ctx, { entity: { type: 'assets', id: '12' } })).toMatchObject({ IndexName: 'gsi1' });
    expect(auditQuery(ctx, { actor: 'user:4' })).toMatchObject({
      IndexName: 'gsi2',
      ExpressionAttributeValues: expect.objectContaining({ ':pk': 'T#7#AUDIT_ACTOR#user#4' }),
    });
    const all = auditQuery(ctx, { action: 'assets.update', after: '2026-11-01T00:00:00.000Z' });
    expect(all.IndexName).toBeUndefined();
    expect(all).toMatchObject({ FilterExpression: '#action = :action', ScanIndexForward: false });
  });
});
