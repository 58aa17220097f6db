import { systemTenantContext } from '../../functions/lib/data/system-context';
import { isReservedDevEui, standingOf } from '../../functions/lib/devices/dev-eui-claims';
import { assetSinceAfter } from '../../functions/lib/devices/device-repository';
import { eventBoundKey } from '../../functions/lib/events/event-repository';

/** What a caller may be told about a DEVEUI, and when a device joined its asset. */
describe('DEVEUI standing', () => {
  const acme = systemTenantContext(2);

  it('tells a tenant its own DEVEUIs and nothing about others: another tenant’s and reserved ones are alike', () => {
    expect(standingOf(acme, '70B3D5000000AAAA', undefined)).toBe('free');
    expect(standingOf(acme, '70B3D5000000AAAA', '2')).toBe('own');
    expect(standingOf(acme, '70B3D5000000AAAA', '1')).toBe('unavailable');
    expect(standingOf(acme, 'FFFFFFFFFFFFFFFF', undefined)).toBe('unavailable');
    expect(standingOf(acme, '00-00-00-00-00-00-00-00', undefined)).toBe('unavailable');
    expect(isReservedDevEui('ff:ff:ff:ff:ff:ff:ff:ff')).toBe(true);
    expect(isReservedDevEui('70B3D5000000AAAA')).toBe(false);
  });
});

describe('asset_since', () => {
  const now = new Date('2026-11-25T10:00:00.000Z');
  const on = (id: number, since: string | null) => ({ asset: { id, name: `A${id}` }, asset_since: since });

  it('starts when the device joins an asset, is kept while it stays, and ends when it leaves', () => {
    expect(assetSinceAfter(undefined, { id: 1, name: 'A1' }, now)).toBe(now.toISOString());
    expect(assetSinceAfter(on(1, '2026-01-01T00:00:00.000Z'), { id: 1, name: 'renamed' }, now)).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(assetSinceAfter(on(1, '2026-01-01T00:00:00.000Z'), { id: 2, name: 'A2' }, now)).toBe(now.toISOString());
    expect(assetSinceAfter(on(1, '2026-01-01T00:00:00.000Z'), null, now)).toBeNull();
  });

  it('compares a plain-date fromDate with an instant as the keys they bound', () => {
    expect(eventBoundKey('2026-11-25') < eventBoundKey('2026-11-25T10:00:00.000Z')).toBe(true);
    expect(eventBoundKey('2026-11-26') > eventBoundKey('2026-11-25T10:00:00.000Z')).toBe(true);
  });
});
