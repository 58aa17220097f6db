import type { RentalContract, RentalContractLine } from '../../../shared/schemas/rental-contract';
import { pad, tenantPrefix } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { changeSortKey, changesPartition } from '../rental-audit/audit-keys';

/**
 * How a contract line is stored (docs/data-model.md, "Rental contracts"): one partition per line, named by the
 * ERP's external id, holding the line as it is now (`LINE`, its newest version) and one item per version it
 * superseded (`VERSION#<n>`, a copy of the line as version n was). The line carries the index keys of its asset
 * and its customer.
 */
export type StoredLine = Omit<RentalContract, '@id' | '@type'>;

const LINE_SK = 'LINE';
const VERSION_PREFIX = 'VERSION#';

export const linePartition = (ctx: TenantContext, externalId: string) =>
  `${tenantPrefix(ctx)}RENTAL_CONTRACT#${externalId}`;
export const lineKey = (ctx: TenantContext, externalId: string) => ({
  pk: linePartition(ctx, externalId),
  sk: LINE_SK,
});
export const versionSortKey = (version: number) => `${VERSION_PREFIX}${pad(version)}`;
export const VERSION_SK_PREFIX = VERSION_PREFIX;

export const assetLinesPartition = (ctx: TenantContext, assetId: number) =>
  `${tenantPrefix(ctx)}ASSET#${assetId}#RENTAL_CONTRACT`;
export const clientLinesPartition = (ctx: TenantContext, clientId: number) =>
  `${tenantPrefix(ctx)}CLIENT#${clientId}#RENTAL_CONTRACT`;
const onHireSortKey = (line: StoredLine) => `${line.onHire}#${line.externalId}`;

export function lineItem(ctx: TenantContext, line: StoredLine): Record<string, unknown> {
  return {
    ...line,
    ...lineKey(ctx, line.externalId),
    ...(line.asset ? { gsi1pk: assetLinesPartition(ctx, line.asset), gsi1sk: onHireSortKey(line) } : {}),
    gsi2pk: clientLinesPartition(ctx, line.customer),
    gsi2sk: onHireSortKey(line),
    // The rental audit's change index (functions/lib/rental-audit/audit-keys.ts): the tenant's lines by change.
    gsi3pk: changesPartition(ctx),
    gsi3sk: changeSortKey(line.changedAt, line.externalId),
    entityType: 'RENTAL_CONTRACT',
    tenantId: ctx.tenantId,
  };
}

export const versionItem = (ctx: TenantContext, line: StoredLine): Record<string, unknown> => ({
  ...line,
  pk: linePartition(ctx, line.externalId),
  sk: versionSortKey(line.version),
  entityType: 'RENTAL_CONTRACT_VERSION',
  tenantId: ctx.tenantId,
});

const STORED_FIELDS = [
  'externalId',
  'customer',
  'asset',
  'assetProfile',
  'quantity',
  'onHire',
  'expectedReturn',
  'offHire',
  'deliverySite',
  'dayRate',
  'status',
  'version',
  'changedAt',
  'changedBy',
] as const satisfies readonly (keyof StoredLine)[];

/** Only the line's own fields: keys and storage attributes never reach an answer. */
export function storedLineOf(item: Record<string, unknown>): StoredLine {
  return Object.fromEntries(STORED_FIELDS.map((field) => [field, item[field] ?? null])) as StoredLine;
}

/** What the ERP says of a line, in one canonical form: two of them are equal exactly when nothing changed. */
export type LineContent = Omit<StoredLine, 'externalId' | 'version' | 'changedAt' | 'changedBy'>;

export function contentOf(line: Omit<RentalContractLine, 'version'> | StoredLine): LineContent {
  return {
    customer: line.customer,
    asset: line.asset ?? null,
    assetProfile: line.assetProfile ?? null,
    quantity: line.quantity ?? null,
    onHire: line.onHire,
    expectedReturn: line.expectedReturn ?? null,
    offHire: line.offHire ?? null,
    deliverySite: { address: line.deliverySite.address ?? null, geoZone: line.deliverySite.geoZone ?? null },
    dayRate: line.dayRate ? { amount: line.dayRate.amount, currency: line.dayRate.currency } : null,
    status: line.status,
  };
}

export const sameContent = (a: LineContent, b: LineContent) => JSON.stringify(a) === JSON.stringify(b);

export const linePath = (externalId: string) => `/api/rental-contracts/${encodeURIComponent(externalId)}`;
export const presentLine = (line: StoredLine): RentalContract => ({
  '@id': linePath(line.externalId),
  '@type': 'RentalContract',
  ...line,
});
