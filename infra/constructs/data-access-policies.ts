import type { Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { ATTACHMENT_INCOMING_PREFIX } from '../../shared/schemas/attachment';
import { EXPORT_STORAGE_PREFIX } from '../../shared/schemas/export';
import { REPORT_FILE_PREFIX } from '../../shared/schemas/report-subscription';
import { DATA_GRANT_ACTIONS, type DataGrant } from '../handler-grants';
import { acknowledge } from '../nag';
import { tableDataStatements } from './tracking-table';

/** Attachments are stored under tenants/<id>/ and wait for registration under incoming/tenants/<id>/. */
const ATTACHMENT_PREFIXES = ['tenants/', `${ATTACHMENT_INCOMING_PREFIX}tenants/`];
/** List exports, and mailed reports too large to attach (kept as long as their link works). */
const EXPORT_PREFIXES = [EXPORT_STORAGE_PREFIX, REPORT_FILE_PREFIX];

/**
 * One managed policy per piece of data access (infra/handler-grants.ts DataGrant); each function's role takes
 * the pieces its declaration names, so a function that never touches attachments cannot read them.
 */
export function createDataAccessPolicies(
  stack: Stack,
  table: dynamodb.ITable,
  bucket: s3.Bucket,
): Record<DataGrant, iam.IManagedPolicy> {
  const bucketId = stack.getLogicalId(bucket.node.defaultChild as s3.CfnBucket);
  const objects = (prefix: string) => bucket.arnForObjects(`${prefix}*`);
  const policy = (id: string, description: string, statements: iam.PolicyStatement[]) =>
    new iam.ManagedPolicy(stack, id, { description, statements });

  const exportsAck = (target: iam.ManagedPolicy, what: string) => {
    acknowledge(
      target,
      `Export files get a random key per export, so object ARNs cannot be listed; the grant is ${what} under ` +
        'the exports/ and report-files/ prefixes of this one bucket.',
      ...EXPORT_PREFIXES.map((prefix) => `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}*]`),
    );
    return target;
  };

  const attachments = policy('AttachmentsAccess', 'Attachments: objects under tenants/ and incoming/tenants/', [
    new iam.PolicyStatement({
      actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      resources: ATTACHMENT_PREFIXES.map(objects),
    }),
    // Deleting an asset lists its folder and its waiting uploads (files never registered have no record).
    new iam.PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': ATTACHMENT_PREFIXES.map((prefix) => `${prefix}*`) } },
    }),
  ]);
  acknowledge(
    attachments,
    'Attachment object keys are created at runtime per tenant and asset, so object ARNs cannot be listed; the ' +
      'grant is limited to Get/Put/DeleteObject under the two attachment prefixes of this one bucket (presigned ' +
      'URLs are signed with it).',
    ...ATTACHMENT_PREFIXES.map((prefix) => `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}*]`),
  );

  return {
    'table-read': policy('TableRead', 'Item reads of the tracking table', [
      ...tableDataStatements(table, DATA_GRANT_ACTIONS['table-read']),
    ]),
    // The construct id of the one policy every function had before grants per function: its export stays in place while
    // the dependent stacks still import it during the deploy that moves them to the pieces.
    'table-read-write': policy('HandlerDataAccess', 'Item reads and writes of the tracking table', [
      ...tableDataStatements(table, DATA_GRANT_ACTIONS['table-read-write']),
    ]),
    'table-scan': policy('TableScan', 'Scan of the tracking table (the tenant-walk job)', [
      ...tableDataStatements(table, DATA_GRANT_ACTIONS['table-scan']),
    ]),
    'table-batch-write': policy('TableBatchWrite', 'Batch puts to the tracking table (a bulk upsert)', [
      ...tableDataStatements(table, DATA_GRANT_ACTIONS['table-batch-write']),
    ]),
    attachments,
    'exports-read': exportsAck(
      policy('ExportsRead', 'Export files: download', [
        new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: EXPORT_PREFIXES.map(objects) }),
      ]),
      'GetObject',
    ),
    // List exports stream in as multipart uploads (PutObject covers them); a failed export aborts its upload.
    'exports-write': exportsAck(
      policy('ExportsWrite', 'Export files: multipart upload', [
        new iam.PolicyStatement({
          actions: ['s3:PutObject', 's3:AbortMultipartUpload'],
          resources: EXPORT_PREFIXES.map(objects),
        }),
      ]),
      'PutObject and AbortMultipartUpload',
    ),
  };
}
