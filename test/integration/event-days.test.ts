import { systemTenantContext } from '../../functions/lib/data/system-context';
import { type EventRecord, putEvent, reserveEventIds } from '../../functions/lib/events/event-repository';
import { call, tokenOf } from '../harness/api';
import { pointProcessAtStack } from '../harness/stack';

/**
 * GET /api/events: fromDate/toDate are Europe/Amsterdam days, tested at midnight in summer
 * (UTC+2) and winter (UTC+1) and on both DST days (23 and 25 hours long). The events are written straight to
 * the table for a new device of its own, at instants the pipeline would refuse as too old.
 */
type Collection = { 'hydra:member': { id: number; date: string }[]; 'hydra:totalItems': number };

const INSTANTS = {
  summerLastMinute: '2026-07-14T21:59:00.000Z', // 23:59 on 14 July in Amsterdam
  summerMidnight: '2026-07-14T22:00:00.000Z', // 00:00 on 15 July
  summerLateUtc: '2026-07-15T23:30:00.000Z', // 01:30 on 16 July
  winterLastMinute: '2026-01-10T22:59:00.000Z', // 23:59 on 10 January
  winterLateUtc: '2026-01-10T23:30:00.000Z', // 00:30 on 11 January
  springStart: '2026-03-28T23:00:00.000Z', // 00:00 on 29 March, the 23-hour day
  springEnd: '2026-03-29T21:59:00.000Z', // 23:59 on 29 March (CEST)
  springNext: '2026-03-29T22:00:00.000Z', // 00:00 on 30 March
  autumnStart: '2026-10-24T22:00:00.000Z', // 00:00 on 25 October, the 25-hour day
  autumnEnd: '2026-10-25T22:59:00.000Z', // 23:59 on 25 October (CET)
  autumnNext: '2026-10-25T23:00:00.000Z', // 00:00 on 26 October
};

describe('event list days are Amsterdam days', () => {
  let admin: string;
  let deviceId: number;
  const idOf = new Map<string, number>();

  beforeAll(async () => {
    admin = await tokenOf('admin');
    pointProcessAtStack();
    const devEui = `A1${Date.now().toString(16).toUpperCase().padStart(14, '0')}`.slice(0, 16);
    const device = await call<{ id: number }>('POST', '/api/devices', {
      token: await tokenOf('superadmin'),
      body: { dev_eui: devEui, name: 'Day boundary tag' },
    });
    expect(device.status).toBe(201);
    deviceId = device.body.id;
    const ctx = systemTenantContext(1);
    const entries = Object.entries(INSTANTS);
    const first = await reserveEventIds(ctx, entries.length);
    for (const [index, [name, date]] of entries.entries()) {
      const event: EventRecord = {
        id: first + index,
        date,
        type: 'still',
        latitude: 52.1,
        longitude: 5.1,
        radius: 10,
        street: null,
        postal_code: null,
        city: null,
        region: null,
        country: null,
        geo_zone: null,
        device: { id: deviceId, name: 'Day boundary tag' },
      };
      await putEvent(ctx, event);
      idOf.set(name, event.id);
    }
  });

  const namesBetween = async (from: string, to: string) => {
    const response = await call<Collection>(
      'GET',
      `/api/events?device.id=${deviceId}&fromDate=${from}&toDate=${to}&pagination=false`,
      { token: admin },
    );
    expect(response.status).toBe(200);
    const names = new Map([...idOf].map(([name, id]) => [id, name]));
    const found = response.body['hydra:member'].map((event) => names.get(event.id));
    expect(response.body['hydra:totalItems']).toBe(found.length);
    return found.sort();
  };

  it('puts 23:30 UTC on a summer day into the next Amsterdam day, and 22:00 UTC into the day after it', async () => {
    expect(await namesBetween('2026-07-14', '2026-07-14')).toEqual(['summerLastMinute']);
    expect(await namesBetween('2026-07-15', '2026-07-15')).toEqual(['summerMidnight']);
    expect(await namesBetween('2026-07-16', '2026-07-16')).toEqual(['summerLateUtc']);
  });

  it('moves the boundary to 23:00 UTC in winter', async () => {
    expect(await namesBetween('2026-01-10', '2026-01-10')).toEqual(['winterLastMinute']);
    expect(await namesBetween('2026-01-11', '2026-01-11')).toEqual(['winterLateUtc']);
  });

  it('keeps the 23-hour and the 25-hour DST days whole', async () => {
    expect(await namesBetween('2026-03-29', '2026-03-29')).toEqual(['springEnd', 'springStart']);
    expect(await namesBetween('2026-03-30', '2026-03-30')).toEqual(['springNext']);
    expect(await namesBetween('2026-10-25', '2026-10-25')).toEqual(['autumnEnd', 'autumnStart']);
    expect(await namesBetween('2026-10-26', '2026-10-26')).toEqual(['autumnNext']);
  });

  it('spans several days from the first Amsterdam midnight to the last, and takes instants as they are', async () => {
    expect(await namesBetween('2026-07-15', '2026-07-16')).toEqual(['summerLateUtc', 'summerMidnight']);
    expect(await namesBetween('2026-07-14T21:59:00Z', '2026-07-14T22:00:00Z')).toEqual([
      'summerLastMinute',
      'summerMidnight',
    ]);
  });
});
