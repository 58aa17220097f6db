import type { z } from 'zod';
import {
  alarmInputSchema,
  alarmUpdateInputSchema,
  assetInputSchema,
  assetListQuerySchema,
  assetProfileDefinitionEntrySchema,
  assetProfileUpdateInputSchema,
  assetUpdateInputSchema,
  attachmentInputSchema,
  attachmentObjectKey,
  buildAssetUpdateInputSchema,
  cableReelTypeInputSchema,
  cableTypeInputSchema,
  canReportDelivered,
  canReportEmpty,
  clientInputSchema,
  clientListQuerySchema,
  clientUserInputSchema,
  DEFAULT_GEO_ZONE_COLOR,
  DEFAULT_GEO_ZONE_RADIUS,
  deviceCreateInputSchema,
  deviceListQuerySchema,
  deviceUpdateInputSchema,
  eventListQuerySchema,
  geoZoneInputSchema,
  geoZoneStyle,
  isAttachmentKeyOf,
  isScheduledInPast,
  normalizeEditableList,
  normalizeScheduled,
  parseGeoZoneGeometry,
  renderAlarmText,
  serializeGeoZoneGeometry,
} from '../../shared/schemas';

function violations(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    out[path] = [...(out[path] ?? []), issue.message];
  }
  return out;
}

const DAY = 24 * 3600 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describe('asset', () => {
  it.each([{}, { name: null }, { name: '   ' }])('requires a name: %j', (body) => {
    expect(violations(assetInputSchema, body)).toEqual({ name: ['The name is required'] });
  });

  it('stores scheduled dates at noon and refuses past ones', () => {
    const future = isoDay(10);
    expect(assetInputSchema.parse({ name: 'Reel 1', scheduled: `${future}T08:30:00+02:00` }).scheduled).toBe(
      `${future}T12:00:00.000Z`,
    );
    expect(violations(assetInputSchema, { name: 'Reel 1', scheduled: isoDay(-10) })).toEqual({
      scheduled: ['The scheduled date cannot be in the past'],
    });
    expect(violations(assetInputSchema, { name: 'Reel 1', scheduled: '31-12-2099' })).toEqual({
      scheduled: ['Invalid date format'],
    });
    expect(assetInputSchema.parse({ name: 'Reel 1', scheduled: '' }).scheduled).toBeNull();
  });

  it('lets an update keep a stored date that has passed, but not move to another past date', () => {
    const stored = `${isoDay(-10)}T12:00:00.000Z`;
    const schema = buildAssetUpdateInputSchema(stored);
    expect(schema.safeParse({ name: 'A', scheduled: stored, version: 1 }).success).toBe(true);
    expect(violations(schema, { name: 'A', scheduled: isoDay(-20), version: 1 })).toEqual({
      scheduled: ['The scheduled date cannot be in the past'],
    });
    // Optional (the spec's payload has none); a malformed one is still named.
    expect(assetUpdateInputSchema.safeParse({ name: 'A' }).success).toBe(true);
    expect(violations(assetUpdateInputSchema, { name: 'A', version: 0 })).toEqual({
      version: ['The version is required'],
    });
  });

  it('normalises dates and judges the past against the earliest time zone', () => {
    expect(normalizeScheduled('2030-05-06')).toBe('2030-05-06T12:00:00.000Z');
    expect(normalizeScheduled(new Date(2030, 4, 6, 23, 59))).toBe('2030-05-06T12:00:00.000Z');
    expect(() => normalizeScheduled('2030-02-30')).toThrow('Invalid date format');
    const now = new Date('2030-05-06T03:00:00Z');
    expect(isScheduledInPast('2030-05-05T12:00:00.000Z', now)).toBe(false);
    expect(isScheduledInPast('2030-05-04T12:00:00.000Z', now)).toBe(true);
  });

  it('turns references into ids', () => {
    const asset = assetInputSchema.parse({
      name: 'A',
      client: { id: 4, company: 'Acme' },
      devices: ['/api/devices/2', 3, { id: 3 }],
      geo_zone: null,
      status: { status: 'registered' },
    });
    expect(asset).toMatchObject({ client: 4, devices: [2, 3], geo_zone: null, status: 'registered' });
    expect(assetInputSchema.parse({ name: 'A' }).devices).toBeUndefined();
  });

  it('filters with the spec messages', () => {
    expect(
      violations(assetListQuerySchema, {
        id: 'x',
        logicalId: '2.5',
        daysOutsideGeoZone: 'many',
        'scheduled[after]': '2025-13-01',
        'scheduled[before]': 'soon',
      }),
    ).toEqual({
      id: ['Must be a number'],
      logicalId: ['Must be a number'],
      daysOutsideGeoZone: ['Must be a number'],
      'scheduled[after]': ['Invalid date format'],
      'scheduled[before]': ['Invalid date format'],
    });
    expect(
      assetListQuerySchema.parse({ id: '3', daysOutsideGeoZone: '1.5', 'scheduled[after]': '2025-01-01', search: '' }),
    ).toEqual({ page: 1, id: 3, daysOutsideGeoZone: 1.5, 'scheduled[after]': '2025-01-01' });
  });
});

describe('asset status', () => {
  it('offers report delivered only with a client and before delivery or sign-off', () => {
    expect(canReportDelivered('registered', true)).toBe(true);
    expect(canReportDelivered('registered', false)).toBe(false);
    for (const status of ['send_deregistered', 'send_delivered', 'deregistered', 'delivered'] as const) {
      expect(canReportDelivered(status, true)).toBe(false);
    }
    expect(canReportEmpty('delivered')).toBe(true);
    expect(canReportEmpty('send_deregistered')).toBe(false);
  });
});

describe('event', () => {
  it('filters by device, dates and type', () => {
    expect(eventListQuerySchema.parse({ 'device.id': '9', fromDate: '2025-01-01', type: 'moving' })).toEqual({
      page: 1,
      'device.id': 9,
      fromDate: '2025-01-01',
      type: 'moving',
    });
    expect(violations(eventListQuerySchema, { toDate: 'yesterday', type: 'flying' })).toEqual({
      toDate: ['Invalid date format'],
      type: ['Invalid event type'],
    });
  });
});

describe('attachment', () => {
  it('keeps keys inside the asset folder', () => {
    expect(attachmentObjectKey(5, '../etc/passwd')).toBe('asset/5/attachments/.._etc_passwd');
    expect(isAttachmentKeyOf(5, 'asset/5/attachments/a.pdf')).toBe(true);
    expect(isAttachmentKeyOf(5, 'asset/6/attachments/a.pdf')).toBe(false);
    expect(attachmentInputSchema.safeParse({ object_key: 'asset/5/attachments/a.pdf' }).success).toBe(true);
    expect(attachmentInputSchema.safeParse({ object_key: 'asset/5/a.pdf' }).success).toBe(false);
  });
});

describe('device', () => {
  it('normalises the DEVEUI to 16 upper-case hex characters', () => {
    const device = deviceCreateInputSchema.parse({ dev_eui: '70-b3-d5:7e d0 00 12 34', barcode: 'B1' });
    expect(device.dev_eui).toBe('70B3D57ED0001234');
    expect(violations(deviceCreateInputSchema, { dev_eui: '' })).toEqual({ dev_eui: ['The DEVEUI is required'] });
    expect(violations(deviceCreateInputSchema, { dev_eui: '70B3D57ED000123' })).toEqual({
      dev_eui: ['The DEVEUI must be 16 hexadecimal characters'],
    });
  });

  it('takes DEVEUI and barcode back on update, normalised, for the API to compare with the stored ones', () => {
    const update = deviceUpdateInputSchema.parse({ name: 'Tag', dev_eui: '70-b3-d5-7e-d0-00-12-34', version: 2 });
    expect(update.dev_eui).toBe('70B3D57ED0001234');
    expect(update).not.toHaveProperty('barcode');
    expect(violations(deviceUpdateInputSchema, { name: 'Tag', dev_eui: 'xyz', version: 2 })).toEqual({
      dev_eui: ['The DEVEUI must be 16 hexadecimal characters'],
    });
    expect(deviceUpdateInputSchema.safeParse({ name: 'Tag' }).success).toBe(true);
    expect(violations(deviceUpdateInputSchema, { name: 'Tag', version: 'x' })).toEqual({
      version: ['The version is required'],
    });
  });

  it('filters by integer ids and both exists spellings', () => {
    expect(deviceListQuerySchema.parse({ id: '2', 'asset[exists]': 'false', 'exists[asset]': 'true' })).toEqual({
      page: 1,
      id: 2,
      'asset[exists]': false,
      'exists[asset]': true,
    });
    expect(violations(deviceListQuerySchema, { logicalId: 'a' })).toEqual({ logicalId: ['Must be a number'] });
  });
});

describe('client', () => {
  it('requires name and a valid e-mail', () => {
    expect(violations(clientInputSchema, { company: 'Acme', name: '', email: 'nope' })).toEqual({
      name: ['The name is required'],
      email: ['Must be a valid email'],
    });
    expect(violations(clientInputSchema, { name: 'Jan' })).toEqual({ email: ['Email is required'] });
    expect(clientInputSchema.parse({ name: 'Jan', email: 'j@acme.nl', account_manager: '/api/users/8' })).toMatchObject(
      {
        account_manager: 8,
      },
    );
  });

  it('edits customer users without roles or password', () => {
    const user = clientUserInputSchema.parse({
      name: 'Piet',
      email: 'p@acme.nl',
      roles: ['ROLE_ADMIN'],
      password: 'x',
    });
    expect(user).toEqual({ name: 'Piet', email: 'p@acme.nl', active: true });
  });

  it('filters by integer ids', () => {
    expect(violations(clientListQuerySchema, { id: 'a', logical_id: '1.1' })).toEqual({
      id: ['Must be a number'],
      logical_id: ['Must be a number'],
    });
  });
});

describe('alarm', () => {
  it('reports the spec messages', () => {
    expect(violations(alarmInputSchema, { name: '', type: '', text: null, email: 'x' })).toEqual({
      name: ['The name is required'],
      type: ['Select one type'],
      text: ['The text is required'],
      email: ['Must be a valid email: x'],
    });
    expect(violations(alarmInputSchema, { name: 'a', type: 11, text: 't' })).toEqual({ type: ['Select one type'] });
  });

  it('accepts a type given as text and no e-mail', () => {
    expect(alarmInputSchema.parse({ name: 'a', type: '2', text: 't', email: '' })).toEqual({
      name: 'a',
      type: 2,
      text: 't',
      email: null,
    });
    expect(alarmUpdateInputSchema.safeParse({ name: 'a', type: 0, text: 't' }).success).toBe(false);
  });

  it('fills the asset name into alarm texts', () => {
    expect(renderAlarmText('Asset {asset_name} left {asset_name}', 'Reel 7')).toBe('Asset Reel 7 left Reel 7');
  });
});

describe('geo zone', () => {
  it('defaults a circle to radius 30 and refuses one below 15', () => {
    const zone = geoZoneInputSchema.parse({ name: 'Yard', geometry: { type: 'Point', coordinates: [4.9, 52.3] } });
    expect(zone.geometry).toEqual({ type: 'Point', coordinates: [4.9, 52.3], radius: DEFAULT_GEO_ZONE_RADIUS });
    expect(geoZoneStyle(zone.geometry)).toEqual({ color: DEFAULT_GEO_ZONE_COLOR, radius: 30 });
    expect(
      violations(geoZoneInputSchema, { geometry: { type: 'Point', coordinates: [4.9, 52.3], radius: 14 } }),
    ).toEqual({ 'geometry.radius': ['The radius must be at least 15'] });
  });

  it('accepts geometry as text; an unclosed ring is refused, not closed', () => {
    const ring = [
      [4, 52],
      [5, 52],
      [5, 53],
    ];
    const text = JSON.stringify({ type: 'Polygon', coordinates: [[...ring, [4, 52]]], color: '#ff0000' });
    const zone = geoZoneInputSchema.parse({ name: 'Area', geometry: text });
    expect(zone.geometry).toEqual({ type: 'Polygon', coordinates: [[...ring, [4, 52]]], color: '#ff0000' });
    expect(parseGeoZoneGeometry(serializeGeoZoneGeometry(zone.geometry))).toEqual(zone.geometry);
    const open = JSON.stringify({ type: 'Polygon', coordinates: [ring] });
    expect(violations(geoZoneInputSchema, { geometry: open })).toEqual({
      'geometry.coordinates.0': ['The outline must end at its first point'],
    });
  });

  it('refuses unknown shapes, bad text and out-of-range coordinates', () => {
    expect(parseGeoZoneGeometry('not json')).toBeNull();
    expect(parseGeoZoneGeometry('{"type":"Line","coordinates":[]}')).toBeNull();
    expect(violations(geoZoneInputSchema, { geometry: { type: 'Point', coordinates: [200, 52] } })).toEqual({
      'geometry.coordinates.0': ['Invalid coordinates'],
    });
    expect(
      violations(geoZoneInputSchema, {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [4, 52],
              [5, 52],
            ],
          ],
        },
      }),
    ).toEqual({ 'geometry.coordinates.0': ['A polygon needs at least 3 points'] });
  });
});

describe('asset profile', () => {
  it('reports the cable reel type messages', () => {
    expect(violations(cableReelTypeInputSchema, { name: '', data: { width: '', diameterMin: null } })).toEqual({
      name: ['The name is required'],
      'data.width': ['Width is required'],
      'data.diameterMin': ['The diameter is required'],
      'data.diameterMax': ['The diameter is required'],
    });
    expect(
      violations(cableReelTypeInputSchema, { name: 'R', data: { width: 'wide', diameterMin: 1, diameterMax: 2 } }),
    ).toEqual({ 'data.width': ['Width is required'] });
    expect(
      cableReelTypeInputSchema.parse({ name: 'R', data: { width: '30', diameterMin: 10, diameterMax: 80 } }),
    ).toEqual({
      name: 'R',
      data: { width: 30, diameterMin: 10, diameterMax: 80 },
    });
  });

  it('reports the cable type messages as the spec words them', () => {
    expect(violations(cableTypeInputSchema, { name: ' ', data: {} })).toEqual({
      name: ['The name is required'],
      'data.description': ['The name is required'],
      'data.diameter': ['Width is required'],
    });
  });

  it('normalises editable lists', () => {
    expect(normalizeEditableList([500, null, 100, 250, 100])).toEqual([100, 250, 500]);
    expect(normalizeEditableList(['b', ' ', 'a10', 'a9', ''])).toEqual(['a9', 'a10', 'b']);
    const entry = assetProfileDefinitionEntrySchema.parse({
      name: 'cable_length',
      type: 'number[]',
      value: ['500', '', 100],
    });
    expect(entry.value).toEqual([100, 500]);
    expect(
      violations(assetProfileDefinitionEntrySchema, { name: 'cable_length', type: 'number[]', value: ['ten'] }),
    ).toEqual({
      'value.0': ['Must be a number'],
    });
  });

  it('gives new catalogue entries the next free id', () => {
    const entry = assetProfileDefinitionEntrySchema.parse({
      name: 'cables',
      type: 'cables',
      value: [
        { id: 4, name: 'A', data: { description: 'a', diameter: 10 } },
        { name: 'B', data: { description: 'b', diameter: 12 } },
      ],
    });
    if (entry.type !== 'cables') throw new Error(`expected cables, got ${entry.type}`);
    expect(entry.value.map((cable) => cable.id)).toEqual([4, 5]);
  });

  it('saves profile values with free-text cable length', () => {
    const update = assetProfileUpdateInputSchema.parse({
      version: 1,
      data: [
        { name: 'cable_reel', value: 2 },
        { name: 'cable', value: null },
        { name: 'cable_length', value: '750' },
        { name: 'residual_length', value: '' },
      ],
    });
    expect(update.data.map((d) => d.value)).toEqual([2, null, 750, null]);
    const free = assetProfileUpdateInputSchema.parse({
      version: 1,
      data: [{ name: 'cable_length', value: 'half a reel' }],
    });
    expect(free.data[0]?.value).toBe('half a reel');
    expect(
      assetProfileUpdateInputSchema.safeParse({
        version: 1,
        data: [
          { name: 'cable', value: 1 },
          { name: 'cable', value: 2 },
        ],
      }).success,
    ).toBe(false);
  });
});
