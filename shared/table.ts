/**
 * The single table's definition: key attributes and global secondary indexes. Plain data with no AWS
 * imports, so the local bootstrap (CreateTable against the DynamoDB-compatible server) and the CDK data
 * stack build the same table from it. docs/data-model.md maps every access pattern to these keys.
 *
 * Indexes are generic and overloaded (ElectroDB style): each entity decides what its gsiNpk/gsiNsk hold,
 * and names the access pattern it serves (e.g. assets.byDaysOutside -> gsi1).
 */
export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
  /**
   * ALL keeps the list pages one query; INCLUDE copies only `nonKeyAttributes` (a read pays for the copy's
   * size, not the item's); KEYS_ONLY would force a get per row.
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
 * gsi7 also holds the silent-tag job's due devices (devices.byDueTime, partition `T#<t>#DEVICE#DUE`, sparse:
 * online and late devices only). The job reads these from the entry, so it reads nothing else per device.
 * Assets never carry them, so the map's entries do not grow.
 */
export const DUE_PROJECTION = ['connectivity', 'heard_at', 'late_at', 'silent_at'] as const;

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
    { ...overloaded(7), projection: 'INCLUDE', nonKeyAttributes: [...MAP_PROJECTION, ...DUE_PROJECTION] },
  ] as readonly IndexDefinition[],
} as const;

export type IndexName = `gsi${1 | 2 | 3 | 4 | 5 | 6 | 7}`;

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
