import { amsterdamDay } from '../../functions/lib/loan-days/amsterdam-day';
import { call, tokenOf } from '../harness/api';

/** GET /api/events (spec 000 Events tab): date then id descending, fromDate / toDate / type, client scoping. */
type Event = { id: number; date: string; type: string; geo_zone: unknown; device: { id: number } };
type Collection = { 'hydra:member': Event[]; 'hydra:totalItems': number };
type Asset = { id: number; devices: { id: number }[]; client: { id: number } | null };
type Violations = { violations: { propertyPath: string; message: string }[] };

const isDescending = (events: Event[]) =>
  events.every((e, i) => {
    const prev = events[i - 1];
    return !prev || prev.date > e.date || (prev.date === e.date && prev.id > e.id);
  });

describe('events API', () => {
  let admin: string;
  let client: string;
  let ownDevice: number;
  let foreignDevice: number;
  const events = (token: string, query: string) => call<Collection>('GET', `/api/events?${query}`, { token });

  beforeAll(async () => {
    [admin, client] = await Promise.all([tokenOf('admin'), tokenOf('client')]);
    const assets = await call<{ 'hydra:member': Asset[] }>('GET', '/api/assets?pagination=false&order[reference]=asc', {
      token: admin,
    });
    const withDevice = assets.body['hydra:member'].filter((a) => a.devices.length > 0 && a.id < 250);
    ownDevice = withDevice.find((a) => a.client?.id === 1)?.devices[0]?.id as number;
    foreignDevice = withDevice.find((a) => a.client?.id !== 1)?.devices[0]?.id as number;
  });

  it('lists a device’s events newest first, paged', async () => {
    const all = await events(admin, `device.id=${ownDevice}&order[date]=desc&order[id]=desc&pagination=false`);
    expect(all.status).toBe(200);
    const members = all.body['hydra:member'];
    expect(members.length).toBeGreaterThan(3);
    expect(all.body['hydra:totalItems']).toBe(members.length);
    for (const e of members) expect(e.device.id).toBe(ownDevice);
    expect(isDescending(members)).toBe(true);
    const page2 = await events(admin, `device.id=${ownDevice}&itemsPerPage=2&page=2`);
    expect(page2.body['hydra:member'].map((e) => e.id)).toEqual(members.slice(2, 4).map((e) => e.id));
  });

  it('filters by fromDate, toDate and type', async () => {
    const all = (await events(admin, `device.id=${ownDevice}&pagination=false`)).body['hydra:member'];
    // fromDate/toDate are Amsterdam days (event-days.test.ts has the midnight and DST cases).
    const dayOf = (e: Event) => amsterdamDay(new Date(e.date));
    const days = [...new Set(all.map(dayOf))].sort();
    const [from, to] = [days[0] as string, days[Math.floor(days.length / 2)] as string];
    const ranged = (await events(admin, `device.id=${ownDevice}&fromDate=${from}&toDate=${to}&pagination=false`)).body;
    const expected = all.filter((e) => dayOf(e) >= from && dayOf(e) <= to);
    expect(ranged['hydra:member'].map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(ranged['hydra:totalItems']).toBe(expected.length);
    const type = (all[0] as Event).type;
    const typed = (await events(admin, `device.id=${ownDevice}&type=${type}&pagination=false`)).body;
    expect(typed['hydra:totalItems']).toBe(all.filter((e) => e.type === type).length);
    for (const e of typed['hydra:member']) expect(e.type).toBe(type);
  });

  it('answers 422 for a malformed device id, date or type', async () => {
    const cases: [string, string, string][] = [
      ['device.id=abc', 'device.id', 'Must be a number'],
      ['fromDate=yesterday', 'fromDate', 'Invalid date format'],
      ['type=flying', 'type', 'Invalid event type'],
    ];
    for (const [query, propertyPath, message] of cases) {
      const response = await call<Violations>('GET', `/api/events?${query}`, { token: admin });
      expect(response.status).toBe(422);
      expect(response.body.violations).toContainEqual({ propertyPath, message });
    }
  });

  it('lists the tenant’s events without a device filter for staff', async () => {
    const response = await events(admin, 'itemsPerPage=10');
    expect(response.body['hydra:member']).toHaveLength(10);
    expect(isDescending(response.body['hydra:member'])).toBe(true);
  });

  it('shows a client user only the events of their customer’s devices, without geo zones', async () => {
    const own = await events(client, `device.id=${ownDevice}`);
    expect(own.status).toBe(200);
    expect(own.body['hydra:totalItems']).toBeGreaterThan(0);
    // All of the device's events, as staff see them, only without their geo zones.
    const staff = await events(admin, `device.id=${ownDevice}`);
    expect(own.body['hydra:totalItems']).toBe(staff.body['hydra:totalItems']);
    expect(own.body['hydra:member'].map((e) => e.id)).toEqual(staff.body['hydra:member'].map((e) => e.id));
    for (const e of own.body['hydra:member']) expect(e.geo_zone).toBeNull();
    const foreign = await events(client, `device.id=${foreignDevice}`);
    expect(foreign.body).toMatchObject({ 'hydra:totalItems': 0, 'hydra:member': [] });
    const none = await call<Violations>('GET', '/api/events', { token: client });
    expect(none.status).toBe(422);
    expect(none.body.violations).toContainEqual({ propertyPath: 'device.id', message: 'The device is required' });
  });

  it('keeps tenants apart', async () => {
    const acme = await events(await tokenOf('acme-admin'), `device.id=${ownDevice}`);
    expect(acme.body['hydra:totalItems']).toBe(0);
  });
});
