/**
 * The single table's definition: key attributes and global secondary indexes. Plain data with no AWS
 * imports, so the local bootstrap (CreateTable against the DynamoDB-compatible server) and the CDK data
 * stack build the same table from it. docs/data-model.md maps every access pattern to these keys.
 *
 * Indexes are generic and overloaded (ElectroDB style): each entity decides what its gsiNpk/gsiNsk hold,
 * and the access pattern it serves is named in ACCESS_PATTERNS (shared/access-patterns.ts, re-exported here),
 * e.g. assetsByDaysOutside -> gsi8: code reads an index by that name, never by a raw `gsiN`.
 */
export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
  /**
   * ALL keeps a page one query but every write of the item is written again into the index at the item's
   * size; INCLUDE copies only `nonKeyAttributes` (a write touching none of them and no key costs the index
   * nothing); KEYS_ONLY holds the keys, the page's items are then fetched by key (data/hydrate.ts).
   */
  projection: 'ALL' | 'INCLUDE' | 'KEYS_ONLY';
  nonKeyAttributes?: readonly string[];
}

const overloaded = (n: number): IndexDefinition => ({
  name: `gsi${n}`,
  partitionKey: `gsi${n}pk`,
  sortKey: `gsi${n}sk`,
  projection: 'ALL',
});

/**
 * gsi7 is the asset map's index (assets.byMapPosition): sparse, keyed only on assets with a position, and
 * projecting just the fields a marker and its popup need, so GET /api/assets/map reads ~0.3 kB an asset
 * instead of the whole ~1.2 kB item (docs/data-model.md, "Asset map").
 */
export const MAP_PROJECTION = [
  'id',
  'name',
  'status',
  'lastLocationUpdate',
  'last_event',
  // The marker's level (shared/schemas/map-level.ts): device flags, zone state, silence.
  'devices',
  'geo_zone',
  'zone_membership',
  'lastCommunication',
] as const;

/**
 * gsi7 held the silent-tag job's due devices before they had gsi14 (moved by the migration step due-entries).
 * It keeps projecting their fields because DynamoDB cannot change an index's projection in place; assets never
 * carry them, so the map's entries do not grow.
 */
export const DUE_PROJECTION = ['connectivity', 'heard_at', 'late_at', 'silent_at'] as const;

/**
 * gsi8…gsi13, the list indexes (docs/decisions/0272-list-indexes-project-only-what-lists-filter-and-customer-indexes.md): the
 * tenant-wide orders of assets and devices, copying only what the list filters read, none of which an uplink's
 * common path changes, so an uplink writes nothing into them. Both entities share gsi8…gsi12, so those copy the
 * union; gsi13 (device model order) only the device's. DynamoDB counts every name of every index towards its
 * 100 (LIST_QUOTAS).
 */
export const ASSET_LIST_PROJECTION = [
  'id',
  'name',
  'reference',
  'logical_id',
  'days_outside_geo_zone',
  'scheduled',
  'client',
  'status',
] as const;
export const DEVICE_LIST_PROJECTION = [
  'id',
  'name',
  'model',
  'dev_eui',
  'barcode',
  'asset',
  'logical_id',
  'connectivity',
  'is_sabotaged',
  'battery_level_low',
] as const;
const SHARED_LIST_PROJECTION = [...new Set([...ASSET_LIST_PROJECTION, ...DEVICE_LIST_PROJECTION])];

const included = (n: number, nonKeyAttributes: readonly string[]): IndexDefinition => ({
  ...overloaded(n),
  projection: 'INCLUDE',
  nonKeyAttributes,
});
/** gsi14…gsi18: one customer's assets in each order, keys only (the page is fetched by key). */
const keysOnly = (n: number): IndexDefinition => ({ ...overloaded(n), projection: 'KEYS_ONLY' });

/** DynamoDB's quotas of one table: 20 global secondary indexes, 100 projected non-key attributes in all. */
export const INDEX_QUOTAS = { indexes: 20, nonKeyAttributes: 100 } as const;

export const TABLE = {
  /** Logical name; the deployed name comes from CDK and reaches handlers as TABLE_NAME. */
  name: 'tracking',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Optimistic concurrency: every mutable item carries this attribute. */
  versionAttribute: 'version',
  /** Expiring items (reset codes, SSO state) are removed by DynamoDB TTL. */
  timeToLiveAttribute: 'expiresAt',
  indexes: [
    ...[1, 2, 3, 4, 5, 6].map(overloaded),
    included(7, [...MAP_PROJECTION, ...DUE_PROJECTION]),
    ...[8, 9, 10, 11, 12].map((n) => included(n, SHARED_LIST_PROJECTION)),
    included(13, DEVICE_LIST_PROJECTION),
    ...[14, 15, 16, 17, 18].map(keysOnly),
  ] as readonly IndexDefinition[],
} as const;

export type IndexName = `gsi${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18}`;

export { ACCESS_PATTERNS, type AccessPattern } from './access-patterns';

/** What of INDEX_QUOTAS a list of indexes uses: the local bootstrap refuses a table over them, as AWS would. */
export function quotaViolations(indexes: readonly IndexDefinition[]): string[] {
  const nonKey = indexes.reduce((sum, index) => sum + (index.nonKeyAttributes?.length ?? 0), 0);
  return [
    ...(indexes.length > INDEX_QUOTAS.indexes ? [`${indexes.length} indexes (at most ${INDEX_QUOTAS.indexes})`] : []),
    ...(nonKey > INDEX_QUOTAS.nonKeyAttributes
      ? [`${nonKey} projected non-key attributes (at most ${INDEX_QUOTAS.nonKeyAttributes})`]
      : []),
  ];
}

/** All attributes that are keys of the table or of an index: all strings. */
export const keyAttributes = (): string[] => [
  TABLE.partitionKey,
  TABLE.sortKey,
  ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
];

/**
 * The indexes as DynamoDB's CreateTable (and CloudFormation) spell them: what the local bootstrap creates and
 * what the CDK template must hold (test/infra/data-stack.test.ts).
 */
export const globalSecondaryIndexes = () =>
  TABLE.indexes.map((index) => ({
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: {
      ProjectionType: index.projection,
      ...(index.nonKeyAttributes ? { NonKeyAttributes: [...index.nonKeyAttributes] } : {}),
    },
  }));
