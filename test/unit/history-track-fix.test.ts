import { cursorOf, toTrackFix } from '../../functions/lib/history/asset-track';
import { assetHistoryQuerySchema, trackFixSchema } from '../../shared/schemas/asset-history';

const stored = {
  pk: 'T#1#DEVICE#4#EVENTS',
  id: 12,
  date: '2026-11-02T08:00:00.000Z',
  latitude: 52.1,
  longitude: 5.1,
  radius: 14,
  source: 'gnss',
  type: 'moving',
  device: { id: 4, name: 'Tag 4' },
  geo_zone: { id: 3, name: 'Yard' },
  street: 'Kade 1',
};

describe('a stored event as a track fix', () => {
  it('keeps only the fields of a fix, in the shared schema', () => {
    const fix = toTrackFix(stored);
    expect(fix).toEqual({
      id: 12,
      at: '2026-11-02T08:00:00.000Z',
      latitude: 52.1,
      longitude: 5.1,
      radius: 14,
      source: 'gnss',
      type: 'moving',
      deviceId: 4,
      zone: { id: 3, name: 'Yard' },
    });
    expect(trackFixSchema.parse(fix)).toEqual(fix);
  });

  it('passes dropped positions and an outlier through, reading them loosely', () => {
    const fix = toTrackFix({
      ...stored,
      latitude: null,
      longitude: null,
      source: 'satellite',
      outlier: 'speed 400 km/h',
      dropped: [
        { latitude: 40, longitude: 3, radius: 900, source: 'network', reason: 'jump' },
        { reason: 'no position' },
      ],
    });
    expect(fix).toMatchObject({
      latitude: null,
      source: null,
      outlier: 'speed 400 km/h',
      dropped: [{ latitude: 40, longitude: 3, radius: 900, source: 'network', reason: 'jump' }],
    });
    expect(trackFixSchema.safeParse(fix).success).toBe(true);
  });

  it('names a cursor the query accepts', () => {
    const cursor = cursorOf(toTrackFix(stored));
    expect(cursor).toBe(`${Date.parse(stored.date)}-12-4`);
    expect(assetHistoryQuerySchema.safeParse({ cursor }).success).toBe(true);
    expect(assetHistoryQuerySchema.safeParse({ cursor: 'EV#x' }).success).toBe(false);
  });

  it('refuses a window of more than 366 days, a reversed one and a bad limit', () => {
    const ok = { from: '2025-12-01T00:00:00Z', to: '2026-12-01T00:00:00Z' };
    expect(assetHistoryQuerySchema.safeParse(ok).success).toBe(true);
    expect(assetHistoryQuerySchema.safeParse({ ...ok, from: '2024-11-01T00:00:00Z' }).success).toBe(false);
    expect(assetHistoryQuerySchema.safeParse({ from: ok.to, to: ok.from }).success).toBe(false);
    expect(assetHistoryQuerySchema.safeParse({ ...ok, limit: '0' }).success).toBe(false);
    expect(assetHistoryQuerySchema.safeParse({ ...ok, limit: '5000' }).success).toBe(false);
    expect(assetHistoryQuerySchema.safeParse({ ...ok, from: 'yesterday' }).success).toBe(false);
  });
});
