import { CANDIDATE_ATTRIBUTES, type Candidate } from '../../functions/lib/assets/asset-candidates';
import { matchesFilters } from '../../functions/lib/assets/asset-query';

/** The one definition of what a filtered asset list keeps (the list plans and the export stream share it). */
const asset = (overrides: Partial<Candidate> = {}): Candidate => ({
  id: 7,
  name: 'Haspel H-1007',
  reference: 'PRJ-2026-0042',
  logical_id: 1007,
  days_outside_geo_zone: 3,
  scheduled: '2026-02-10T12:00:00+00:00',
  client: { id: 4, company: 'De Vries Infra B.V.' },
  status: { id: 3, status: 'delivered' },
  ...overrides,
});

describe('matchesFilters', () => {
  it('searches name and reference case-insensitively, as a substring', () => {
    expect(matchesFilters(asset(), { search: 'h-1007' })).toBe(true);
    expect(matchesFilters(asset(), { search: 'prj-2026' })).toBe(true);
    expect(matchesFilters(asset(), { search: 'H-1008' })).toBe(false);
    expect(matchesFilters(asset({ reference: null }), { search: 'prj' })).toBe(false);
  });

  it('compares scheduled dates by day, both bounds inclusive, and drops unscheduled assets', () => {
    expect(matchesFilters(asset(), { scheduledAfter: '2026-02-10', scheduledBefore: '2026-02-10' })).toBe(true);
    expect(matchesFilters(asset(), { scheduledAfter: '2026-02-11' })).toBe(false);
    expect(matchesFilters(asset(), { scheduledBefore: '2026-02-09' })).toBe(false);
    expect(matchesFilters(asset({ scheduled: null }), { scheduledAfter: '2026-01-01' })).toBe(false);
  });

  it('matches customer, status, logical id and days outside exactly', () => {
    expect(matchesFilters(asset(), { clientId: 4, status: 'delivered', logicalId: 1007, daysOutsideGeoZone: 3 })).toBe(
      true,
    );
    expect(matchesFilters(asset(), { clientId: 5 })).toBe(false);
    expect(matchesFilters(asset({ client: null }), { clientId: 4 })).toBe(false);
    expect(matchesFilters(asset(), { status: 'registered' })).toBe(false);
    expect(matchesFilters(asset({ status: null }), { status: 'delivered' })).toBe(false);
    expect(matchesFilters(asset(), { daysOutsideGeoZone: 0 })).toBe(false);
  });

  it('reads no attribute that the candidates projection leaves out', () => {
    const read = new Set<string>();
    const watched = new Proxy(asset({ description: 'x', cable_length: 100 }), {
      get: (target, name) => {
        read.add(String(name));
        return target[name as string];
      },
    });
    matchesFilters(watched, {
      search: 'h',
      logicalId: 1007,
      daysOutsideGeoZone: 3,
      scheduledAfter: '2026-01-01',
      scheduledBefore: '2026-12-31',
      clientId: 4,
      status: 'delivered',
    });
    expect(read.size).toBeGreaterThan(5);
    for (const name of read) expect(CANDIDATE_ATTRIBUTES).toContain(name);
  });
});
