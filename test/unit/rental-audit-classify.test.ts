import { type AuditDayInput, type AuditLine, classifyDay } from '../../shared/rental-audit/classify-day';

/**
 * The rental audit's day rule (shared/rental-audit/classify-day.ts): depot 1, delivery zone 2, another
 * customer's zone 3. Days are bounded as Amsterdam days in winter (UTC+1).
 */
const DEPOT = 1;
const SITE = 2;
const OTHER = 3;
const line = (over: Partial<AuditLine> = {}): AuditLine => ({
  status: 'active',
  asset: 7,
  onHire: '2026-11-05',
  expectedReturn: '2026-11-20',
  offHire: null,
  deliveryZone: SITE,
  ...over,
});
const bounds = (day: string) => {
  const start = new Date(`${day}T00:00:00+01:00`);
  return { dayStart: start.toISOString(), dayEnd: new Date(start.getTime() + 86_400_000).toISOString() };
};
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+01:00`).toISOString();

function judge(day: string, over: Partial<AuditDayInput> = {}) {
  return classifyDay({
    line: line(),
    day,
    ...bounds(day),
    visits: [],
    fixes: [at(day, 10)],
    depots: new Set([DEPOT]),
    billedByAnotherLine: false,
    ...over,
  });
}
const visit = (zoneId: number, arrivedAt: string, leftAt: string | null = null) => ({ zoneId, arrivedAt, leftAt });

describe('a day of a rental contract line', () => {
  it('is on hire when billed and the asset is in the delivery zone', () => {
    const day = judge('2026-11-10', { visits: [visit(SITE, at('2026-11-06', 9))] });
    expect(day).toMatchObject({ class: 'on-hire', billed: true, place: 'site' });
    expect(day.evidence).toMatchObject({ fixes: 1, deciding: at('2026-11-10', 10), reason: null });
    expect(day.evidence.visits).toEqual([{ ...visit(SITE, at('2026-11-06', 9)), kind: 'delivery-zone' }]);
  });

  it('is over-billed when billed and every fix of the day is at a depot', () => {
    expect(judge('2026-11-10', { visits: [visit(DEPOT, at('2026-11-01', 9))] }).class).toBe('over-billed');
  });

  it('counts a day with a depot and the site once, as a site day (a delivery day is not over-billed)', () => {
    const day = judge('2026-11-05', {
      visits: [visit(DEPOT, at('2026-11-01', 9), at('2026-11-05', 11)), visit(SITE, at('2026-11-05', 14))],
      fixes: [at('2026-11-05', 8), at('2026-11-05', 15)],
    });
    expect(day).toMatchObject({ class: 'on-hire', place: 'site' });
    expect(day.evidence.places).toEqual({ 'delivery-zone': 1, depot: 1, 'other-zone': 0, outside: 0 });
  });

  it('is misplaced when billed and the asset is at another zone or outside every zone', () => {
    expect(judge('2026-11-10', { visits: [visit(OTHER, at('2026-11-06', 9))] })).toMatchObject({
      class: 'misplaced',
      place: 'elsewhere',
    });
    expect(judge('2026-11-10').class).toBe('misplaced');
  });

  it('takes away from every depot as the site when the line names an address only (the report check rule)', () => {
    const addressOnly = line({ deliveryZone: null });
    expect(judge('2026-11-10', { line: addressOnly }).class).toBe('on-hire');
    expect(judge('2026-11-10', { line: addressOnly, visits: [visit(OTHER, at('2026-11-06', 9))] }).class).toBe(
      'on-hire',
    );
    expect(judge('2026-11-10', { line: addressOnly, visits: [visit(DEPOT, at('2026-11-06', 9))] }).class).toBe(
      'over-billed',
    );
  });

  it('is overdue when billed past the expected return away from a depot, over-billed at a depot', () => {
    const site = [visit(SITE, at('2026-11-06', 9))];
    expect(judge('2026-11-20', { visits: site }).class).toBe('on-hire');
    expect(judge('2026-11-21', { visits: site }).class).toBe('overdue');
    expect(judge('2026-11-21').class).toBe('overdue');
    expect(judge('2026-11-21', { visits: [visit(DEPOT, at('2026-11-06', 9))] }).class).toBe('over-billed');
    expect(judge('2026-11-21', { line: line({ expectedReturn: null }), visits: site }).class).toBe('on-hire');
  });

  it('finds unbilled days at the site before on-hire and after off-hire, unless another line bills them', () => {
    const site = [visit(SITE, at('2026-11-01', 9))];
    const offHired = line({ offHire: '2026-11-12' });
    expect(judge('2026-11-04', { visits: site })).toMatchObject({ class: 'unbilled', billed: false });
    expect(judge('2026-11-12', { line: offHired, visits: site }).class).toBe('on-hire');
    expect(judge('2026-11-13', { line: offHired, visits: site }).class).toBe('unbilled');
    expect(judge('2026-11-13', { line: offHired, visits: site, billedByAnotherLine: true }).class).toBe('off-hire');
    expect(judge('2026-11-13', { line: offHired, visits: [visit(DEPOT, at('2026-11-12', 9))] }).class).toBe('off-hire');
  });

  it('bills nothing on a cancelled line', () => {
    const cancelled = line({ status: 'cancelled' });
    expect(judge('2026-11-10', { line: cancelled, visits: [visit(DEPOT, at('2026-11-01', 9))] })).toMatchObject({
      class: 'off-hire',
      billed: false,
    });
  });

  it('has no data on a day without an accepted fix, or for a line without an asset', () => {
    const silent = judge('2026-11-10', { fixes: [], visits: [visit(SITE, at('2026-11-06', 9))] });
    expect(silent).toMatchObject({ class: 'no-data', place: 'unknown' });
    expect(silent.evidence.reason).toBe('no-fixes');
    expect(judge('2026-11-10', { line: line({ asset: null }) }).evidence.reason).toBe('no-asset');
  });

  it('bounds the day: a fix at the next midnight and a visit ended at the day start do not count', () => {
    const day = judge('2026-11-10', {
      fixes: [bounds('2026-11-10').dayEnd],
      visits: [visit(DEPOT, at('2026-11-01', 9), bounds('2026-11-10').dayStart)],
    });
    expect(day.class).toBe('no-data');
    expect(day.evidence.visits).toEqual([]);
  });

  it('judges a fix at the very time a visit starts as inside it, at the time it ends as outside', () => {
    const visits = [visit(DEPOT, at('2026-11-10', 10), at('2026-11-10', 12))];
    expect(judge('2026-11-10', { visits, fixes: [at('2026-11-10', 10)] }).place).toBe('depot');
    expect(judge('2026-11-10', { visits, fixes: [at('2026-11-10', 12)] }).place).toBe('elsewhere');
  });
});
