import { AUDIT_ENTITY_TYPE } from '../../functions/lib/audit/audit-log';
import { EVENT_ENTITY_TYPE } from '../../functions/lib/events/event-repository';
import { REJECTED_TYPE } from '../../functions/lib/pipeline/rejections';
import { AUDIT_DAY_TYPE } from '../../functions/lib/rental-audit/audit-keys';
import { KEPT_KINDS, redatedAttributes } from '../../functions/lib/settings/retention-redating';
import { DEFAULT_RETENTION } from '../../shared/schemas/retention';

/** A kept record's new expiry after a retention change: from the same date its writer counted from. */
const retention = { ...DEFAULT_RETENTION, locatedEventDays: 40, zoneVisitDays: 50, loanDayYears: 9 };
const at = '2026-03-01T10:00:00.000Z';
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('re-dated expiry of a kept record', () => {
  it('counts each kind from its own date, in days or whole bookkeeping years', () => {
    expect(redatedAttributes({ entityType: 'EVENT', date: at, expiresAt: 1 }, retention)).toEqual({
      expiresAt: seconds(at) + 40 * 86_400,
    });
    expect(redatedAttributes({ sk: 'VISIT#x', leftAt: at }, retention)).toEqual({
      expiresAt: seconds(at) + 50 * 86_400,
    });
    expect(redatedAttributes({ entityType: 'LOAN_DAY', kind: 'day', day: '2026-03-01' }, retention)).toEqual({
      expiresAt: Date.UTC(2036, 0, 1) / 1000,
    });
    // A rental audit day is billing evidence too, kept the loan days' years from its own day's year.
    expect(redatedAttributes({ entityType: AUDIT_DAY_TYPE, day: '2026-12-31', expiresAt: 1 }, retention)).toEqual({
      expiresAt: Date.UTC(2036, 0, 1) / 1000,
    });
    // A reset late on New Year's Eve in UTC is already the next year in Amsterdam.
    expect(
      redatedAttributes({ entityType: 'LOAN_DAY', kind: 'reset', at: '2026-12-31T23:30:00.000Z' }, retention),
    ).toEqual({
      expiresAt: Date.UTC(2037, 0, 1) / 1000,
    });
  });

  it('leaves an open visit without expiry, an unchanged one alone, and other kinds untouched', () => {
    expect(redatedAttributes({ sk: 'VISIT#x', leftAt: null }, retention)).toBeUndefined();
    const expiresAt = seconds(at) + 40 * 86_400;
    expect(redatedAttributes({ entityType: 'EVENT', date: at, expiresAt }, retention)).toBeUndefined();
    expect(redatedAttributes({ entityType: 'ASSET', expiresAt: 5 }, retention)).toBeUndefined();
  });

  it("names the kinds by their writers' own entity types", () => {
    for (const type of [EVENT_ENTITY_TYPE, AUDIT_ENTITY_TYPE, REJECTED_TYPE, `${REJECTED_TYPE}_COUNT`, AUDIT_DAY_TYPE])
      expect(KEPT_KINDS.entityTypes).toContain(type);
  });
});
