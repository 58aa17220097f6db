import { systemTenantContext } from '../../functions/lib/data/system-context';
import { withEffects } from '../../functions/lib/effects/with-effects';
import { nextPresence, siteOf, ZoneIndex, type ZonePresence } from '../../functions/lib/pipeline/geofence';
import type { PipelineAsset } from '../../functions/lib/pipeline/processor/uplink-effects';
import { visitEffects } from '../../functions/lib/pipeline/processor/visit-effects';
import { queueVisitWebhook } from '../../functions/lib/visits/visit-webhooks';
import { webhookEventSinks } from '../../functions/lib/webhooks/webhook-events';

/** Zone visits' state machine (geofence/zone-presence.ts) and what one fix changes (processor/visit-effects.ts). */
const DEPOT = { lon: 5.0, lat: 52.0 };
// A 500 m depot (1) inside a 3 km region (2), and a yard (3) elsewhere.
const index = ZoneIndex.build([
  { id: 1, name: 'Depot', geometry: { type: 'Point', coordinates: [DEPOT.lon, DEPOT.lat], radius: 500 } },
  { id: 2, name: 'Region', geometry: { type: 'Point', coordinates: [DEPOT.lon, DEPOT.lat], radius: 3000 } },
  { id: 3, name: 'Yard', geometry: { type: 'Point', coordinates: [6.0, 53.0], radius: 200 } },
]);
const zones = {
  zonesNear: (lon: number, lat: number, accuracy: number) => index.zonesNear(lon, lat, accuracy),
  has: (id: number) => index.has(id),
  observe: (id: number, fix: { latitude: number; longitude: number; accuracy?: number }) => index.observe(id, fix),
  zone: (id: number) => index.zone(id),
};
const fixAt = (northMetres: number, accuracy = 10) => ({
  latitude: DEPOT.lat + northMetres / 111_195,
  longitude: DEPOT.lon,
  accuracy,
});
const IN_DEPOT = fixAt(0);
const IN_REGION_ONLY = fixAt(1500);
const FAR = fixAt(10_000);
const time = (minute: number) => new Date(Date.UTC(2026, 10, 1, 8, minute)).toISOString();

/** Runs fixes from a presence; answers the final presence and all changes. */
function run(fixes: { latitude: number; longitude: number; accuracy?: number }[], start: ZonePresence = {}) {
  let presence = start;
  const changes = [];
  for (const [i, fix] of fixes.entries()) {
    const step = nextPresence(presence, zones, fix, time(i));
    presence = step.presence;
    changes.push(...step.changes);
  }
  return { presence, changes };
}

describe('zone presence (visits state machine)', () => {
  it('opens a visit only at the second certain fix inside, dated at the first', () => {
    const one = run([IN_DEPOT]);
    expect(one.changes).toEqual([]);
    expect(one.presence['1']).toEqual({ in: false, n: 1, at: time(0) });
    const two = run([IN_DEPOT, IN_DEPOT]);
    expect(two.changes).toEqual([
      { zoneId: 1, change: 'entered', arrivedAt: time(0) },
      { zoneId: 2, change: 'entered', arrivedAt: time(0) },
    ]);
    expect(two.presence).toEqual({ '1': { in: true, n: 0, since: time(0) }, '2': { in: true, n: 0, since: time(0) } });
  });

  it('a stray fix makes no visit, in or out', () => {
    expect(run([FAR, IN_DEPOT, FAR, FAR]).changes).toEqual([]);
    const inside = run([IN_DEPOT, IN_DEPOT]).presence;
    const stray = run([FAR, IN_DEPOT, IN_DEPOT], inside);
    expect(stray.changes).toEqual([]);
    expect(stray.presence).toEqual(inside);
  });

  it('an uncertain fix neither counts nor resets', () => {
    // 520 m north with 100 m accuracy straddles the depot's border; it is well inside the region.
    const uncertain = fixAt(520, 100);
    expect(index.observe(1, uncertain)).toBe('uncertain');
    const inside = run([IN_DEPOT, IN_DEPOT]).presence;
    const left = run([IN_REGION_ONLY, uncertain, IN_REGION_ONLY], inside);
    expect(left.changes).toEqual([{ zoneId: 1, change: 'left', arrivedAt: time(0), leftAt: time(0) }]);
    expect(left.presence).toEqual({ '2': { in: true, n: 0, since: time(0) } });
  });

  it('overlapping zones: leaving the depot keeps the region visit open', () => {
    const { changes, presence } = run([IN_DEPOT, IN_DEPOT, IN_REGION_ONLY, IN_REGION_ONLY, FAR, FAR]);
    expect(changes.map((c) => `${c.change}:${c.zoneId}`)).toEqual(['entered:1', 'entered:2', 'left:1', 'left:2']);
    expect(changes[2]).toMatchObject({ arrivedAt: time(0), leftAt: time(2) });
    expect(changes[3]).toMatchObject({ arrivedAt: time(0), leftAt: time(4) });
    expect(presence).toEqual({});
  });

  it('a zone that is gone closes its open visit and leaves the map', () => {
    const start: ZonePresence = { '99': { in: true, n: 0, since: time(0) }, '98': { in: false, n: 1, at: time(0) } };
    const step = nextPresence(start, zones, FAR, time(5));
    expect(step.changes).toEqual([{ zoneId: 99, change: 'left', arrivedAt: time(0), leftAt: time(5) }]);
    expect(step.presence).toEqual({});
  });

  it('a fix changing nothing reports no change (the common path writes nothing more)', () => {
    const inside = run([IN_DEPOT, IN_DEPOT]).presence;
    expect(nextPresence(inside, zones, IN_DEPOT, time(9)).changed).toBe(false);
    expect(nextPresence({}, zones, FAR, time(9)).changed).toBe(false);
  });

  it('a huge accuracy circle observes every zone as uncertain: nothing changes', () => {
    const huge = { ...IN_DEPOT, accuracy: 1_000_000 };
    expect(nextPresence({}, zones, huge, time(1)).changed).toBe(false);
  });

  it('the site is the longest-running open visit, equal arrivals the lower id', () => {
    expect(
      siteOf({ '2': { in: true, n: 0, since: time(3) }, '1': { in: true, n: 1, at: time(5), since: time(4) } }),
    ).toEqual({
      zoneId: 2,
      since: time(3),
    });
    expect(siteOf({ '5': { in: true, n: 0, since: time(3) }, '4': { in: true, n: 0, since: time(3) } })?.zoneId).toBe(
      4,
    );
    expect(siteOf({ '1': { in: false, n: 1, at: time(1) } })).toBeNull();
  });
});

describe('visit effects of one fix', () => {
  const asset = {
    id: 42,
    name: 'Reel 42',
    client: { id: 5, company: 'Acme' },
    asset_profile_definitions: [{ id: 3, name: 'Drum', type: 'cable' }],
    cable_summary: { cable: 'YMvK 5x2.5', residual_length: 100 },
  } as unknown as PipelineAsset;

  it('an arrival: the visit record, the presence and the site', () => {
    const first = visitEffects(asset, zones, { ...IN_DEPOT, source: 'gnss' }, time(0));
    expect(first.visits).toEqual([]);
    const second = visitEffects(
      { ...asset, zone_presence: first.presence },
      zones,
      { ...IN_DEPOT, source: 'gnss' },
      time(1),
    );
    expect(second.visits[0]).toEqual({
      assetId: 42,
      assetName: 'Reel 42',
      clientId: 5,
      zoneId: 1,
      zoneName: 'Depot',
      arrivedAt: time(0),
      leftAt: null,
      dwellSeconds: null,
      profiles: [{ id: 3, name: 'Drum' }],
      cableType: 'YMvK 5x2.5',
    });
    expect(second.site).toEqual({ zoneId: 1, zoneName: 'Depot', since: time(0) });
  });

  it('a departure: dwell seconds, and the site removed when none is open', () => {
    const presence: ZonePresence = { '3': { in: true, n: 1, at: time(30), since: time(0) } };
    const site = { zoneId: 3, zoneName: 'Yard', since: time(0) };
    const step = visitEffects({ ...asset, zone_presence: presence, site }, zones, { ...FAR, source: 'gnss' }, time(40));
    expect(step.visits[0]).toMatchObject({ zoneId: 3, leftAt: time(30), dwellSeconds: 1800 });
    expect(step.site).toBeNull();
    expect(step.presence).toEqual({});
  });
});

describe('zone.entered / zone.left webhook payloads', () => {
  it('carry the contract shape: zone, asset, customer and the visit times', async () => {
    const sink = jest.fn(async () => undefined);
    webhookEventSinks.push(sink);
    const ctx = systemTenantContext('7');
    const visit = {
      assetId: 4,
      assetName: 'Reel 4',
      clientId: 9,
      zoneId: 2,
      zoneName: 'Depot',
      arrivedAt: time(0),
      leftAt: time(30),
      dwellSeconds: 1800,
      profiles: [],
      cableType: null,
    };
    // Sent when the invocation ends, as every Lambda's (functions/lib/effects/).
    await withEffects('worker', async () => {
      queueVisitWebhook(ctx, { ...visit, leftAt: null, dwellSeconds: null, clientId: null });
      queueVisitWebhook(ctx, visit);
    })(undefined);
    webhookEventSinks.splice(webhookEventSinks.indexOf(sink), 1);
    expect(sink).toHaveBeenCalledWith([
      {
        tenantId: '7',
        type: 'zone.entered',
        occurredAt: time(0),
        data: {
          zone: { id: 2, name: 'Depot' },
          asset: { id: 4, name: 'Reel 4' },
          customer: null,
          visit: { arrivedAt: time(0), leftAt: null, dwellSeconds: null },
        },
      },
      {
        tenantId: '7',
        type: 'zone.left',
        occurredAt: time(30),
        data: {
          zone: { id: 2, name: 'Depot' },
          asset: { id: 4, name: 'Reel 4' },
          customer: { id: 9 },
          visit: { arrivedAt: time(0), leftAt: time(30), dwellSeconds: 1800 },
        },
      },
    ]);
  });
});
