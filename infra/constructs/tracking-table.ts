import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { TABLE } from '../../shared/table';

const STRING = dynamodb.AttributeType.STRING;

/**
 * The single table, built from shared/table.ts so the deployed keys and indexes are the ones the local
 * bootstrap creates. A function rather than a wrapper construct: the table's construct id is exactly `id`.
 * CloudFormation creates or deletes at most one GSI per table update, so a deployed table gains new indexes
 * one deploy at a time: `-c tableIndexes=<n>` declares only the first n of the definition
 * (docs/decisions/0272-list-indexes-project-only-what-lists-filter-and-customer-indexes.md; the migration step
 * list-index-keys prints the sequence for a table that lacks several). Without it every index is declared.
 */
export function createTrackingTable(scope: Construct, id: string): dynamodb.Table {
  const table = new dynamodb.Table(scope, id, {
    partitionKey: { name: TABLE.partitionKey, type: STRING },
    sortKey: { name: TABLE.sortKey, type: STRING },
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: true,
    timeToLiveAttribute: TABLE.timeToLiveAttribute,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  for (const index of declaredIndexes(scope)) {
    table.addGlobalSecondaryIndex({
      indexName: index.name,
      partitionKey: { name: index.partitionKey, type: STRING },
      sortKey: { name: index.sortKey, type: STRING },
      projectionType: dynamodb.ProjectionType[index.projection],
      nonKeyAttributes: index.nonKeyAttributes ? [...index.nonKeyAttributes] : undefined,
    });
  }
  return table;
}

/** The definition's indexes, or its first `tableIndexes` (a staged deploy of new indexes). */
export function declaredIndexes(scope: Construct) {
  const limit: unknown = scope.node.tryGetContext('tableIndexes');
  if (limit === undefined || limit === null || limit === '') return TABLE.indexes;
  const n = Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > TABLE.indexes.length)
    throw new Error(`tableIndexes must be 1…${TABLE.indexes.length}, got ${String(limit)}`);
  return TABLE.indexes.slice(0, n);
}

/**
 * Item actions on the table; Query also on each named index (an index takes no other item action). Spelled out
 * (no `dynamodb:*`, no `index/*`) so the grant needs no wildcard; transactions are authorised through the
 * item actions they contain. Which actions: infra/handler-grants.ts DATA_GRANT_ACTIONS.
 */
export function tableDataStatements(table: dynamodb.ITable, actions: readonly string[]): iam.PolicyStatement[] {
  const onIndexes = actions.filter((action) => action === 'dynamodb:Query');
  const indexArns = TABLE.indexes.map((index) => `${table.tableArn}/index/${index.name}`);
  return [
    new iam.PolicyStatement({ actions: [...actions], resources: [table.tableArn] }),
    ...(onIndexes.length > 0 ? [new iam.PolicyStatement({ actions: onIndexes, resources: indexArns })] : []),
  ];
}
