import { type AuthContext, assertAccess } from '../../functions/lib/auth/auth-context';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { deviceListRequestOf } from '../../functions/lib/devices/device-list-request';
import { matchesDeviceFilters, sourceOf } from '../../functions/lib/devices/device-query';
import { type DeviceRecord, deviceRepository } from '../../functions/lib/devices/device-repository';
import { DEVICE_EXPORT_TEXTS, deviceExportColumns, deviceRow } from '../../functions/lib/exports/device-export-columns';
import { HttpError } from '../../functions/lib/http/errors';
import { ROUTES, type RouteDef } from '../../shared/routes';

/** Pure parts of the devices API: index keys, filters, read sources, role refusals, export cells. */
const ctx = systemTenantContext(3);
const device = (change: Partial<DeviceRecord> = {}): DeviceRecord => ({
  id: 42,
  version: 1,
  logical_id: 5042,
  name: 'Tag Noord',
  model: 'KPN LocationTag V',
  notes: null,
  dev_eui: '70B3D57ED0001234',
  barcode: 'KPN0042',
  asset: { id: 7, name: 'Haspel H-51007' },
  activation_date: '2026-01-15T00:00:00.000Z',
  last_event: null,
  is_sabotaged: false,
  battery_level_low: false,
  device_profiles: [],
  ...change,
});

describe('device index keys', () => {
  it('give every sortable column its own index in the tenant partition', () => {
    const item = deviceRepository.toItem(ctx, device({ battery_level_low: true }));
    expect(item).toMatchObject({
      pk: 'T#3#DEVICE',
      sk: 'DEVICE#0000000042',
      gsi8sk: '1#0000000042',
      gsi9sk: '1#haspel h-51007#0000000042',
      gsi10sk: 'tag noord#0000000042',
      gsi11sk: '70B3D57ED0001234#0000000042',
      gsi12sk: '2026-01-15T00:00:00.000Z#0000000042',
      gsi13sk: 'kpn locationtag v#0000000042',
    });
    for (const n of [8, 9, 10, 11, 12, 13]) expect(item[`gsi${n}pk` as 'gsi8pk']).toBe('T#3#DEVICE');
    // The old list keys (gsi1…gsi6, ALL) are no longer written for devices (docs/data-model.md).
    for (const n of [1, 2, 3, 4, 5, 6]) expect(item).not.toHaveProperty(`gsi${n}pk`);
    expect(deviceRepository.toItem(ctx, device({ asset: null })).gsi9sk).toBe('0#0000000042');
  });
});

describe('device filters', () => {
  it('search name, barcode, asset name and the DEVEUI in any spelling', () => {
    for (const search of ['noord', 'locationtag', 'kpn0042', 'h-510', 'd0:00:12', '7ed0-0012', '70b3d57ed0001234']) {
      expect(matchesDeviceFilters(device(), { search })).toBe(true);
    }
    expect(matchesDeviceFilters(device(), { search: 'zuid' })).toBe(false);
    expect(matchesDeviceFilters(device(), { search: '::' })).toBe(false);
  });

  it('asset[exists], id and logicalId', () => {
    expect(matchesDeviceFilters(device(), { hasAsset: true })).toBe(true);
    expect(matchesDeviceFilters(device(), { hasAsset: false })).toBe(false);
    expect(matchesDeviceFilters(device({ asset: null }), { hasAsset: false })).toBe(true);
    expect(matchesDeviceFilters(device(), { id: 42, logicalId: 5042 })).toBe(true);
    expect(matchesDeviceFilters(device(), { logicalId: 1 })).toBe(false);
  });

  it('read asset[exists] in asset-name order as a key range, other orders from their index', () => {
    const order = { field: 'asset.name', direction: 'asc' } as const;
    expect(sourceOf(ctx, { order, filters: { hasAsset: false } })).toEqual({
      index: 'gsi9',
      partition: 'T#3#DEVICE',
      prefix: '0#',
    });
    expect(sourceOf(ctx, { order: { field: 'model', direction: 'desc' }, filters: {} })).toEqual({
      index: 'gsi13',
      partition: 'T#3#DEVICE',
    });
    expect(sourceOf(ctx, { order: { field: 'id', direction: 'asc' }, filters: {} })).toEqual({
      partition: 'T#3#DEVICE',
    });
  });
});

describe('device list request', () => {
  it('pages 20, reads both exists spellings, ignores logicalId for non-admins', () => {
    const admin = deviceListRequestOf('logicalId=7&exists[asset]=false&order[model]=desc', { roles: ['ROLE_ADMIN'] });
    expect(admin.request).toMatchObject({
      itemsPerPage: 20,
      filters: { logicalId: 7, hasAsset: false },
      order: { field: 'model', direction: 'desc' },
    });
    const user = deviceListRequestOf('logicalId=abc&asset[exists]=true', { roles: ['ROLE_USER'] });
    expect(user.request.filters).toEqual({ hasAsset: true });
    expect(user.request.order).toEqual({ field: 'id', direction: 'asc' });
    expect(() => deviceListRequestOf('id=1x', { roles: ['ROLE_USER'] })).toThrow(HttpError);
  });
});

describe('device roles', () => {
  /** A caller the role matrix grants everything: what is left to refuse is the route's audience. */
  const grantedAll = (roles: string[]) => ({ roles, hasAny: () => true }) as unknown as AuthContext;
  const access = (id: string) => (ROUTES.find((route) => route.id === id) as RouteDef).access;
  const deviceRoutes = ROUTES.filter((route) => route.handler === 'devices' || route.id.startsWith('deviceProfiles.'));

  it('refuse client users every device route and the sabotage reset to transporters too', () => {
    expect(deviceRoutes.length).toBeGreaterThan(10);
    for (const route of deviceRoutes)
      expect(() => assertAccess(route.access, grantedAll(['ROLE_CLIENT']))).toThrow(HttpError);
    expect(() => assertAccess(access('devices.get'), grantedAll(['ROLE_TRANSPORTER']))).not.toThrow();
    expect(() => assertAccess(access('devices.resetSabotaged'), grantedAll(['ROLE_TRANSPORTER']))).toThrow(HttpError);
    expect(() => assertAccess(access('devices.resetSabotaged'), grantedAll(['ROLE_USER']))).not.toThrow();
  });
});

describe('device export cells', () => {
  it('read as the table shows them', () => {
    const texts = DEVICE_EXPORT_TEXTS.en;
    const columns = deviceExportColumns(undefined, texts);
    expect(columns.map((column) => column.label)).toEqual([
      'ID',
      'Asset',
      'Sensor name',
      'Model',
      'DEVEUI',
      'Battery status',
      'Notes',
      'Last communication',
      'Device activation date',
    ]);
    const row = deviceRow(device({ is_sabotaged: true, battery_level_low: true }), columns, {
      texts,
      dateTime: (value) => value ?? '',
    });
    expect(row).toEqual([
      42,
      'Haspel H-51007',
      'Tag Noord (Sabotaged)',
      'KPN LocationTag V',
      '70B3D57ED0001234',
      'Low',
      '',
      '',
      '15-01-2026',
    ]);
    for (const language of ['nl', 'de', 'fr'] as const) {
      expect(Object.keys(DEVICE_EXPORT_TEXTS[language].columns)).toEqual(Object.keys(texts.columns));
    }
  });
});
