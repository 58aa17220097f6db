import { hideFromClient } from '../../functions/lib/assets/asset-view';
import { ASSET_COLUMN_IDS, CLIENT_HIDDEN_COLUMNS } from '../../functions/lib/exports/asset-export-column-ids';
import { assetExportColumns, assetRow } from '../../functions/lib/exports/asset-export-columns';
import { assetExportTexts } from '../../functions/lib/exports/asset-export-texts';
import { dateTimeFormatter, dayIn, formatDay } from '../../functions/lib/exports/export-values';
import type { Asset } from '../../shared/schemas/asset';
import { buildExportQuerySchema, exportFileName } from '../../shared/schemas/export';

/** The format-agnostic part of exports: which columns, which headers, which cell values (no network). */
const asset: Partial<Asset> = {
  '@id': '/api/assets/7',
  '@type': 'Asset',
  id: 7,
  map_level: 'critical',
  logical_id: 107,
  name: 'Reel 7',
  reference: 'REF-7',
  description: null,
  devices: [{ id: 1, name: 'Tag', dev_eui: 'A1', is_sabotaged: true, battery_level_low: true }],
  // Where it was registered; the export shows its last location's address (shared/address.ts).
  street: 'Stationsplein 1',
  postalCode: '3511 ED',
  city: 'Utrecht',
  region: null,
  country: null,
  days_still: null,
  lastCommunication: '2026-01-15T22:30:00.000Z',
  lastLocationUpdate: null,
  geo_zone: { id: 2, name: 'Depot' },
  client: { id: 1, company: 'Acme BV' },
  scheduled: '2026-02-03T12:00:00.000Z',
  asset_profile_relations: [],
  asset_profile_definitions: [{ id: 1, name: 'Cable reel', type: 'cable_reel' }],
  days_outside_geo_zone: 4,
  status: { id: 2, status: 'moving' },
  last_event: {
    street: 'Damrak 1',
    postal_code: '1012 AB',
    city: 'Amsterdam',
    region: null,
    country: 'NL',
    latitude: 52.37,
    longitude: 4.89,
    date: '2026-01-15T22:30:00.000Z',
    type: 'moving',
    radius: 10,
    geo_zone: { id: 2, name: 'Depot' },
  },
  attachments: [],
  version: 3,
};

const en = assetExportTexts('en');
const context = { texts: en, dateTime: dateTimeFormatter('Europe/Amsterdam') };
const all = (isClient = false) =>
  assetExportColumns({ requested: undefined, isClient, hiddenByTenant: [], renamed: {}, texts: en });

describe('export columns', () => {
  it('default to every column of the list minus the tenant’s hidden ones, in list order', () => {
    expect(all().map((c) => c.id)).toEqual([...ASSET_COLUMN_IDS]);
    const hidden = assetExportColumns({
      requested: undefined,
      isClient: false,
      hiddenByTenant: ['id', 'asset-profile', 'country'],
      renamed: {},
      texts: en,
    });
    expect(hidden.map((c) => c.id)).not.toEqual(expect.arrayContaining(['id', 'asset-profile', 'country']));
    expect(hidden).toHaveLength(ASSET_COLUMN_IDS.length - 3);
  });

  it('keep the requested order and take renamed headers over translated ones', () => {
    const columns = assetExportColumns({
      requested: ['status', 'asset-profile', 'id'],
      isClient: false,
      hiddenByTenant: ['id'],
      renamed: { 'asset-profile': 'Haspel', status: '  ' },
      texts: assetExportTexts('nl'),
    });
    expect(columns.map((c) => [c.id, c.label])).toEqual([
      ['status', 'Status'],
      ['asset-profile', 'Haspel'],
      ['id', 'ID'],
    ]);
  });

  it('translate headers into the reader’s language', () => {
    const label = (language: 'en' | 'nl' | 'de' | 'fr') =>
      assetExportColumns({
        requested: ['days-outside-geo-zone'],
        isClient: false,
        hiddenByTenant: [],
        renamed: {},
        texts: assetExportTexts(language),
      })[0]?.label;
    expect(new Set(['en', 'nl', 'de', 'fr'].map((l) => label(l as 'en')))).toHaveProperty('size', 4);
    expect(label('nl')).toBe('Dagen buiten geozone');
  });

  it('never give a client user a staff-only column, even when asked', () => {
    expect(CLIENT_HIDDEN_COLUMNS).toEqual([
      'last-communication',
      'scheduled',
      'geo-zone',
      'days-outside-geo-zone',
      'client',
    ]);
    expect(all(true).map((c) => c.id)).toEqual(ASSET_COLUMN_IDS.filter((id) => !CLIENT_HIDDEN_COLUMNS.includes(id)));
    const asked = assetExportColumns({
      requested: ['client', 'asset'],
      isClient: true,
      hiddenByTenant: [],
      renamed: {},
      texts: en,
    });
    expect(asked.map((c) => c.id)).toEqual(['asset']);
  });
});

describe('export cells', () => {
  it('read like the list: dates in the reader’s zone, status and battery words, profile with length', () => {
    const row = assetRow({ ...asset, cable_length: 250 }, all(), context);
    expect(row).toEqual([
      7,
      'Reel 7 (Sabotage alarm)',
      'Critical',
      'Cable reel (250 m)',
      'Damrak 1',
      '1012 AB Amsterdam',
      'NL',
      '15/01/2026 23:30',
      'REF-7',
      '03-02-2026',
      'Depot',
      4,
      'Acme BV',
      'Low',
      'Moving',
    ]);
  });

  it('hold nothing hidden for an asset presented to a client user', () => {
    const row = assetRow({ ...hideFromClient(asset), cable_length: null }, all(), context);
    const text = row.join('|');
    for (const secret of ['Depot', 'Acme BV', '03-02-2026', '15/01/2026', 'Low', 'Sabotage']) {
      expect(text).not.toContain(secret);
    }
    expect(row[0]).toBe(7);
  });

  it('use the cable summary and device health when the asset carries them, as the list does', () => {
    const columns = assetExportColumns({
      requested: ['asset', 'asset-profile', 'battery-status'],
      isClient: false,
      hiddenByTenant: [],
      renamed: {},
      texts: assetExportTexts('de'),
    });
    const withSummary = {
      ...hideFromClient(asset),
      cable_length: 250,
      cable_summary: { cable: 'Installatiekabel 3x6', residual_length: 585 },
      device_health: { devices: 2, sabotaged: false, battery_low: true },
    };
    expect(assetRow(withSummary, columns, { ...context, texts: assetExportTexts('de') })).toEqual([
      'Reel 7',
      'Cable reel · Installatiekabel 3x6 · Restlänge: 585 m',
      'Schwach',
    ]);
  });

  it('leave empty values empty', () => {
    const bare = { id: 1, name: 'Bare', devices: [], status: null, asset_profile_definitions: [] } as Partial<Asset>;
    // No map level either (an asset read before the level existed): an empty cell.
    const row = assetRow(bare, all(), context);
    expect(row).toEqual([1, 'Bare', '', '', '', '', '', '', '', '', '', null, '', 'No device', '']);
  });
});

describe('export values', () => {
  it('format dates as dd/MM/yyyy HH:mm in a time zone and days as dd-MM-yyyy', () => {
    expect(dateTimeFormatter('UTC')('2026-06-30T23:59:00Z')).toBe('30/06/2026 23:59');
    expect(dateTimeFormatter('Europe/Amsterdam')('2026-06-30T23:59:00Z')).toBe('01/07/2026 01:59');
    expect(dateTimeFormatter('UTC')('not a date')).toBe('');
    expect(formatDay('2026-02-03T12:00:00.000Z')).toBe('03-02-2026');
    expect(dayIn('Pacific/Auckland', new Date('2026-05-04T20:00:00Z'))).toBe('2026-05-05');
  });

  it('name the file Assets.{date}.{ext}', () => {
    expect(exportFileName('Assets', 'excel', '2026-05-04')).toBe('Assets.2026-05-04.xlsx');
    expect(exportFileName('Assets', 'pdf', '2026-05-04')).toBe('Assets.2026-05-04.pdf');
    expect(exportFileName('Assets', 'csv', '2026-05-04')).toBe('Assets.2026-05-04.csv');
  });
});

describe('export query', () => {
  const schema = buildExportQuerySchema(ASSET_COLUMN_IDS);

  it('accepts the three types, comma-separated or repeated columns, a language and a time zone', () => {
    const parsed = schema.parse({
      type: 'csv',
      columns: ['id,asset', 'status', 'id'],
      language: 'nl',
      timeZone: 'Europe/Paris',
    });
    expect(parsed).toEqual({
      type: 'csv',
      columns: ['id', 'asset', 'status'],
      language: 'nl',
      timeZone: 'Europe/Paris',
    });
    expect(schema.parse({ type: 'pdf', columns: [] })).toEqual({ type: 'pdf' });
  });

  it('refuses an unknown type, column, language or time zone with a message each', () => {
    const issues = schema.safeParse({ type: 'docx', columns: ['id,secret'], language: 'es', timeZone: 'Mars/Base' });
    expect(issues.success).toBe(false);
    expect(issues.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['type', 'The export type must be pdf, excel or csv'],
      ['columns.1', 'Unknown column'],
      ['language', 'The language must be en, nl, de or fr'],
      ['timeZone', 'Unknown time zone'],
    ]);
  });
});
