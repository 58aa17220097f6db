import { ROUTES } from '../../shared/routes';
import { auditFilterSchema, auditQueryOf, filterLink } from '../../web/src/audit/auditFilters';
import {
  AUDITED_ACTIONS,
  ENTITY_FILTER_TYPES,
  entityScreen,
  kindTitle,
  moduleOf,
  moduleOfTable,
  verbOf,
} from '../../web/src/audit/auditKinds';

/** The audit screen's words and filters (web/src/audit/): derived from route ids, nothing written per route. */
describe('audit screen', () => {
  it('reads the verb from the first word of the route name', () => {
    expect(verbOf('assets.create')).toBe('create');
    expect(verbOf('assets.addAttachment')).toBe('create');
    expect(verbOf('assets.update')).toBe('update');
    expect(verbOf('assets.saveProfiles')).toBe('update');
    expect(verbOf('assets.delete')).toBe('delete');
    expect(verbOf('tokens.revoke')).toBe('delete');
    expect(verbOf('assets.resetLoanDays')).toBe('other');
    expect(verbOf('session.signIn')).toBe('other');
  });

  it('names every module that writes by a page title, and links the entities that have a screen', () => {
    const writers = new Set(AUDITED_ACTIONS.map(moduleOf));
    // Every audited module has a name in every language.
    expect([...writers].filter((module) => kindTitle(module) === undefined)).toEqual([]);
    expect(entityScreen('assets', '12')).toBe('/assets/12');
    expect(entityScreen('clients', '3')).toBe('/customers/3');
    expect(entityScreen('geoZones', '5')).toBe('/asset-map?zone=5');
    expect(entityScreen('assetProfiles', '5')).toBeUndefined();
    expect(entityScreen('no-such-module', '5')).toBeUndefined();
    expect(moduleOfTable('ASSET')).toBe('assets');
    expect(moduleOfTable('WEBHOOK_ENDPOINT')).toBe('webhooks');
    expect(moduleOfTable('EXPORT_JOB')).toBeUndefined();
  });

  it('suggests the audited actions: writes with a token and the password sign-in', () => {
    expect(AUDITED_ACTIONS).toContain('assets.update');
    expect(AUDITED_ACTIONS).toContain('session.signIn');
    expect(AUDITED_ACTIONS).not.toContain('assets.list');
    expect(AUDITED_ACTIONS).not.toContain('uplinks.tts');
    expect(AUDITED_ACTIONS.every((action) => ROUTES.some((route) => route.id === action))).toBe(true);
  });

  it('offers each entity kind once in the filter', () => {
    const titles = ENTITY_FILTER_TYPES.map((kind) => kind.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(ENTITY_FILTER_TYPES.map((kind) => kind.module)).toEqual(
      expect.arrayContaining(['assets', 'devices', 'clients', 'users']),
    );
  });

  it('asks the API for the period from the start of the first day to the end of the last', () => {
    const query = auditQueryOf({ from: '2026-05-01', to: '2026-05-03', entityType: 'assets', entityId: '12' });
    expect(query).toEqual({
      'at[after]': new Date(2026, 4, 1, 0, 0, 0, 0).toISOString(),
      'at[before]': new Date(2026, 4, 3, 23, 59, 59, 999).toISOString(),
      entityType: 'assets',
      entityId: '12',
    });
    // A day that is none goes as typed: the drawer and the API say what is wrong with it.
    expect(auditQueryOf({ from: 'yesterday' })).toEqual({ 'at[after]': 'yesterday' });
  });

  it('checks the filters as the API does, and the entity type and id together', () => {
    const schema = auditFilterSchema('both or neither');
    const empty = { from: '', to: '', action: '', actor: '', entityType: '', entityId: '' };
    expect(schema.safeParse(empty).success).toBe(true);
    expect(schema.safeParse({ ...empty, entityType: 'assets', entityId: '12' }).success).toBe(true);
    const half = schema.safeParse({ ...empty, entityType: 'assets' });
    expect(half.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['entityId', 'both or neither'],
    ]);
    expect(schema.safeParse({ ...empty, entityId: '12' }).error?.issues[0]?.path).toEqual(['entityType']);
    expect(schema.safeParse({ ...empty, from: '2026-13-01' }).success).toBe(false);
  });

  it('links a filter as the console URL keeps it', () => {
    expect(filterLink({ actor: 'user:12' })).toBe('/audit?actor=user%3A12');
    expect(filterLink({ entityType: 'assets', entityId: '12' })).toBe('/audit?entityType=assets&entityId=12');
  });
});
