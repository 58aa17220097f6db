import { startOfAmsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import {
  assetMonthSums,
  lastDayOf,
  NO_SUMS,
  type UtilisationVisit,
} from '../../functions/lib/utilisation/utilisation-days';

/**
 * The utilisation rules (functions/lib/utilisation/utilisation-days.ts; docs/geofencing.md "Utilisation"), in
 * March 2026, which holds the clock change of the 29th (a 23-hour day). Zone 1 is a depot, 2 a customer's site.
 */
const DEPOTS = new Set([1]);
const DEPOT = 1;
const SITE = 2;
const at = (day: number, hours: number, month = '03') =>
  new Date(
    startOfAmsterdamDay(`2026-${month}-${String(day).padStart(2, '0')}`).getTime() + hours * 3_600_000,
  ).toISOString();
const visit = (zoneId: number, arrivedAt: string, leftAt: string | null): UtilisationVisit => ({
  zoneId,
  arrivedAt,
  leftAt,
});
const march = (visits: UtilisationVisit[], createdAt?: string, through = '2026-03-31') =>
  assetMonthSums({ visits, createdAt }, DEPOTS, '2026-03', through);

describe('days of a month', () => {
  it('counts no day of an asset with no visit and no creation time', () => {
    expect(march([])).toEqual(NO_SUMS);
  });

  it('owns an asset created mid-month from its creation day; days before its first visit are unknown', () => {
    const sums = march([], at(10, 15));
    expect(sums).toEqual({ ...NO_SUMS, assets: 1, daysOwned: 22 });
    const seen = march([visit(DEPOT, at(12, 9), null)], at(10, 15));
    // 10th and 11th unknown; the 12th is known from 09:00 and spent in the depot; so is every day after.
    expect(seen).toMatchObject({ daysOwned: 22, daysIdle: 20, daysOnHire: 0 });
  });

  it('owns from the first visit when it is earlier than the creation (the assets of the seed)', () => {
    expect(march([visit(DEPOT, at(5, 8), null)], at(20, 0))).toMatchObject({ daysOwned: 27, daysIdle: 27 });
  });

  it('gives a day split between depot and site to on hire, once', () => {
    const sums = march([visit(DEPOT, at(1, 0), at(10, 14)), visit(SITE, at(10, 15), null)]);
    // 1st to 9th idle; the 10th (depot till 14:00, site from 15:00) on hire; 11th to 31st on hire.
    expect(sums).toMatchObject({ daysOwned: 31, daysIdle: 9, daysOnHire: 22, cycles: 0 });
  });

  it('takes an open visit as lasting through the last day counted', () => {
    expect(march([visit(SITE, at(1, 0), null)], undefined, '2026-03-15')).toMatchObject({
      daysOwned: 15,
      daysOnHire: 15,
      daysIdle: 0,
    });
  });

  it('counts outside every zone as on hire once the whereabouts are known', () => {
    const sums = march([visit(DEPOT, at(1, 0), at(3, 12))]);
    expect(sums).toMatchObject({ daysIdle: 2, daysOnHire: 29 });
  });

  it('counts a day in a zone that is no depot (a site inside a region) as on hire, a depot inside a region as idle', () => {
    const REGION = 3;
    const sums = march([visit(REGION, at(1, 0), null), visit(DEPOT, at(1, 0), at(16, 0))]);
    expect(sums).toMatchObject({ daysIdle: 15, daysOnHire: 16 });
  });

  it('counts the 23-hour day of the clock change like any other', () => {
    const sums = march([visit(DEPOT, at(1, 0), at(29, 0)), visit(SITE, at(29, 1), at(30, 0))], undefined, '2026-03-29');
    expect(sums).toMatchObject({ daysOwned: 29, daysIdle: 28, daysOnHire: 1 });
    expect(lastDayOf('2026-02')).toBe('2026-02-28');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
  });
});

describe('cycles', () => {
  it('times a cycle from leaving the depot to the next arrival in one, having been at a site, in the month of return', () => {
    const visits = [
      visit(DEPOT, at(20, 0, '02'), at(25, 6, '02')),
      visit(SITE, at(25, 8, '02'), at(4, 10)),
      visit(DEPOT, at(4, 18), at(10, 6)),
      visit(SITE, at(10, 7), at(12, 7)),
      visit(DEPOT, at(12, 18), null),
    ];
    const sums = march(visits);
    const first = (Date.parse(at(4, 18)) - Date.parse(at(25, 6, '02'))) / 1000;
    const second = (Date.parse(at(12, 18)) - Date.parse(at(10, 6))) / 1000;
    expect(sums.cycles).toBe(2);
    expect(sums.cycleSeconds).toBe(first + second);
    // February counts none: both returns are in March.
    expect(assetMonthSums({ visits }, DEPOTS, '2026-02', '2026-02-28').cycles).toBe(0);
  });

  it('counts no cycle for a trip out and back that met no site, nor one still under way', () => {
    const visits = [visit(DEPOT, at(1, 0), at(5, 0)), visit(DEPOT, at(6, 0), at(7, 0)), visit(SITE, at(8, 0), null)];
    expect(march(visits).cycles).toBe(0);
  });

  it('takes overlapping depot zones as one stay: moving between them is no departure', () => {
    const YARD = 4;
    const depots = new Set([DEPOT, YARD]);
    const visits = [
      visit(DEPOT, at(1, 0), at(3, 0)),
      visit(YARD, at(2, 0), at(5, 0)),
      visit(SITE, at(6, 0), at(8, 0)),
      visit(DEPOT, at(9, 0), null),
    ];
    const sums = assetMonthSums({ visits }, depots, '2026-03', '2026-03-31');
    expect(sums.cycles).toBe(1);
    expect(sums.cycleSeconds).toBe((Date.parse(at(9, 0)) - Date.parse(at(5, 0))) / 1000);
  });
});
