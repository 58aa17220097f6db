import { LATER_PERMISSIONS } from '../../functions/lib/auth/permission-grants';
import { MIGRATION_STEPS } from '../../scripts/migrations/steps';
import { PERMISSIONS } from '../../shared/permissions';

/**
 * A permission added to PERMISSIONS after tenants had saved their role matrix reaches those tenants only through
 * a migration step: every permission after the first release's list (which ended with DEPRECATED) must be
 * named in LATER_PERMISSIONS, and so get its grant step, or older tenants' admins would never see it.
 */
describe('permissions added since tenants saved their matrix', () => {
  it('each have a grant step in the migrations', () => {
    const later = PERMISSIONS.slice(PERMISSIONS.indexOf('DEPRECATED') + 1);
    expect([...LATER_PERMISSIONS]).toEqual(later);
    const ids = MIGRATION_STEPS.map((step) => step.id);
    for (const permission of later) expect(ids).toContain(`grant-${permission.toLowerCase().replaceAll('_', '-')}`);
  });

  it('keep migration step ids unique and in whole lower-case words', () => {
    const ids = MIGRATION_STEPS.map((step) => step.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});
