import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { MapMarker } from '../../shared/schemas/asset-map';
import { applyChanges, MAP_QUERY_KEY, patchMapPages } from '../../web/src/live/applyChanges';
import { waitForExport } from '../../web/src/live/exportWaits';
import { markerChangesOf, readLiveEvent } from '../../web/src/live/liveChanges';
import { liveChannelsOf, secondsLeftOf } from '../../web/src/live/liveChannels';
import { keyedThrottle } from '../../web/src/live/throttle';

/** The console's live layer: reading pushed messages and applying them to the cached data. */
const marker = (id: number, lat = 52.1, lon = 5.1, level = 0): MapMarker => [id, `Asset ${id}`, 0, lat, lon, 1, level];
const page = (...markers: MapMarker[]) => ({ '@id': '/api/assets/map', markers, next: null });

describe('pushed messages', () => {
  it('reads the changes it knows and skips what it does not, keeping the rest of the message', () => {
    const event = readLiveEvent({
      v: 1,
      cursor: 'c-2',
      changes: [
        { t: 'asset', id: 12, m: marker(12) },
        { t: 'asset', id: 13, m: null },
        { t: 'removed', id: 14 },
        { t: 'device', id: 7, asset: null },
        { t: 'alarm', id: 'a1', asset: 12, ack: false },
        { t: 'export', id: 'job-1', state: 'done' },
        { t: 'weather', id: 1 },
        { t: 'asset', id: 'x', m: marker(1) },
      ],
    });
    expect(event?.cursor).toBe('c-2');
    expect(event?.changes.map((change) => change.t)).toEqual([
      'asset',
      'asset',
      'removed',
      'device',
      'alarm',
      'export',
    ]);
    expect(markerChangesOf(event?.changes ?? [])).toEqual({ markers: [marker(12)], removed: [13, 14] });
  });

  it('is not one of ours without version 1 and a list of changes', () => {
    expect(readLiveEvent({ v: 2, cursor: 'c', changes: [] })).toBeNull();
    expect(readLiveEvent({ v: 1, cursor: 'c' })).toBeNull();
    expect(readLiveEvent('text')).toBeNull();
    expect(readLiveEvent({ v: 1, cursor: 3, changes: [] })).toEqual({ cursor: null, changes: [] });
  });
});

describe('the map data', () => {
  const data = { pages: [page(marker(1), marker(2)), page(marker(3))], pageParams: [undefined, 'c'] };

  it('moves a marker where it is, drops removed ones and adds new ones to the last page', () => {
    const next = patchMapPages(data, [marker(2, 53, 6, 1), marker(9)], [3]);
    expect(next?.pages[0]?.markers).toEqual([marker(1), marker(2, 53, 6, 1)]);
    expect(next?.pages[1]?.markers).toEqual([marker(9)]);
    expect(next?.pageParams).toBe(data.pageParams);
  });

  it('keeps untouched pages as they are (nothing to redraw there)', () => {
    const next = patchMapPages(data, [marker(3, 50, 4)], []);
    expect(next?.pages[0]).toBe(data.pages[0]);
    expect(patchMapPages(data, [], [])).toBe(data);
    expect(patchMapPages(undefined, [marker(1)], [])).toBeUndefined();
  });
});

describe('applying changes to the cache', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('patches the map without fetching it, and reloads the panel and the list page that show the asset', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const fetched: string[] = [];
    const fetchOf = (name: string, value: unknown) => () => {
      fetched.push(name);
      return Promise.resolve(value);
    };
    client.setQueryData(MAP_QUERY_KEY, { pages: [page(marker(12), marker(13))], pageParams: [undefined] });
    // An observed query is an open screen's (active): the live layer refetches those only.
    const observe = (queryKey: unknown[], name: string, value: unknown) =>
      new QueryObserver(client, { queryKey, queryFn: fetchOf(name, value) }).subscribe(() => undefined);
    const observed = [
      observe(['assets', 'list', { page: 1 }], 'list', { 'hydra:member': [{ id: 12 }] }),
      observe(['assets', 'list', { page: 2 }], 'other-list', { 'hydra:member': [{ id: 40 }] }),
      observe(['assets', 'one', 12], 'panel', { id: 12, devices: [{ id: 7 }] }),
      observe(['events', { 'device.id': 7 }], 'events', { 'hydra:member': [] }),
      observe(['events', { 'device.id': 8 }], 'other-events', { 'hydra:member': [] }),
      observe(['alarm-inbox', 'list'], 'inbox', []),
    ];
    await jest.advanceTimersByTimeAsync(10);
    expect(fetched).toHaveLength(6);
    fetched.length = 0;

    applyChanges(client, [
      { t: 'asset', id: 12, m: marker(12, 51, 4, 1) },
      { t: 'alarm', id: 'a1', asset: 12, ack: false },
    ]);
    await jest.advanceTimersByTimeAsync(10);

    const map = client.getQueryData<{ pages: { markers: MapMarker[] }[] }>(MAP_QUERY_KEY);
    expect(map?.pages[0]?.markers).toEqual([marker(12, 51, 4, 1), marker(13)]);
    expect(new Set(fetched)).toEqual(new Set(['list', 'panel', 'events', 'inbox']));
    expect(client.getQueryState(['assets', 'map'])?.isInvalidated).toBe(false);

    // The same asset again within the throttle's window: one more refetch at its end, not one per message.
    fetched.length = 0;
    applyChanges(client, [{ t: 'asset', id: 12, m: marker(12, 51.5, 4, 1) }]);
    applyChanges(client, [{ t: 'asset', id: 12, m: marker(12, 51.6, 4, 1) }]);
    await jest.advanceTimersByTimeAsync(10);
    expect(fetched).toEqual([]);
    await jest.advanceTimersByTimeAsync(3000);
    expect(fetched.sort()).toEqual(['events', 'list', 'panel']);
    for (const stop of observed) stop();
    client.clear();
  });

  it('settles the export a user waits for when its change arrives', async () => {
    const client = new QueryClient();
    const settled = waitForExport('job-9', 60_000).then(() => 'settled');
    applyChanges(client, [{ t: 'export', id: 'job-9', state: 'done' }]);
    await expect(settled).resolves.toBe('settled');
    // A change that came before the wait began still counts, once.
    applyChanges(client, [{ t: 'export', id: 'job-10', state: 'failed' }]);
    await expect(waitForExport('job-10', 60_000)).resolves.toBeUndefined();
    const next = waitForExport('job-10', 1000).then(() => 'after the fallback');
    await jest.advanceTimersByTimeAsync(1000);
    await expect(next).resolves.toBe('after the fallback');
  });
});

describe('channels', () => {
  const user = {
    id: 5,
    name: 'U',
    username: 'u',
    email: 'u@example.com',
    permissions: [],
    active: true,
    tenant: { id: 1, subdomain: 'demo', company: 'Demo' },
  };

  it("names the staff channel, a client user's customer channel and the user's own", () => {
    expect(liveChannelsOf({ ...user, roles: ['ROLE_ADMIN'] }, null)).toEqual({
      view: '/live/t1/staff',
      own: '/live/t1/u5',
    });
    expect(liveChannelsOf({ ...user, roles: ['ROLE_CLIENT'], client_id: 3 }, null)).toEqual({
      view: '/live/t1/c3',
      own: '/live/t1/u5',
    });
    expect(liveChannelsOf({ ...user, roles: ['ROLE_CLIENT'] }, null)).toBeNull();
    expect(liveChannelsOf(null, null)).toBeNull();
  });

  it("follows a super admin into the tenant they switched to, never someone else's selection", () => {
    const selected = { id: 2, company: 'Acme', subdomain: 'acme', selectedBy: 5 };
    expect(liveChannelsOf({ ...user, roles: ['ROLE_SUPER_ADMIN'] }, selected)).toEqual({
      view: '/live/t2/staff',
      own: '/live/t1/u5',
    });
    expect(liveChannelsOf({ ...user, roles: ['ROLE_SUPER_ADMIN'] }, { ...selected, selectedBy: 6 })?.view).toBe(
      '/live/t1/staff',
    );
    expect(liveChannelsOf({ ...user, roles: ['ROLE_ADMIN'] }, selected)?.view).toBe('/live/t1/staff');
  });

  it('reads how long a token has left', () => {
    const token = `x.${Buffer.from(JSON.stringify({ exp: 1_000 })).toString('base64url')}.y`;
    expect(secondsLeftOf(token, 940_000)).toBe(60);
    expect(secondsLeftOf('not-a-token')).toBeNull();
  });
});

describe('throttle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at once, then once more at the end of the window with the last call, per key', () => {
    const throttle = keyedThrottle(1000);
    const runs: string[] = [];
    throttle('a', () => runs.push('a1'));
    throttle('a', () => runs.push('a2'));
    throttle('a', () => runs.push('a3'));
    throttle('b', () => runs.push('b1'));
    expect(runs).toEqual(['a1', 'b1']);
    jest.advanceTimersByTime(1000);
    expect(runs).toEqual(['a1', 'b1', 'a3']);
    jest.advanceTimersByTime(1000);
    throttle('a', () => runs.push('a4'));
    expect(runs).toEqual(['a1', 'b1', 'a3', 'a4']);
  });
});
