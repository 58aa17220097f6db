import { expiresAfterDays, expiresAfterYears } from '../../functions/lib/settings/retention-settings';

/** The expiry (DynamoDB TTL, epoch seconds) of what a tenant keeps for a period. */
describe('retention expiry', () => {
  it('keeps a dated item whole days after its own time', () => {
    expect(expiresAfterDays('2026-03-29T01:30:00.000Z', 30)).toBe(Date.UTC(2026, 3, 28, 1, 30) / 1000);
    // Fractions of a second are cut: TTL is whole seconds.
    expect(expiresAfterDays(Date.UTC(2026, 0, 1) + 999, 1)).toBe(Date.UTC(2026, 0, 2) / 1000);
  });

  it('keeps a billing record whole bookkeeping years after the year it belongs to', () => {
    expect(expiresAfterYears('2026-01-01', 7)).toBe(Date.UTC(2034, 0, 1) / 1000);
    expect(expiresAfterYears('2026-12-31', 7)).toBe(Date.UTC(2034, 0, 1) / 1000);
    expect(expiresAfterYears('2027-01-01', 15)).toBe(Date.UTC(2043, 0, 1) / 1000);
  });
});
