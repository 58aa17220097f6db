import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { ATTACHMENT_INCOMING_DAYS, ATTACHMENT_INCOMING_PREFIX } from '../../shared/schemas/attachment';
import { EXPORT_RETENTION_DAYS, EXPORT_STORAGE_PREFIX } from '../../shared/schemas/export';
import type { DataAccess } from '../constructs/handler-function';
import { createAccessLogsBucket, createPrivateBucket } from '../constructs/secure-bucket';
import { createTrackingTable, tableDataStatement } from '../constructs/tracking-table';
import { acknowledge } from '../nag';

export interface DataStackProps extends StackProps {
  /** Browser origins that upload and download attachments directly with presigned URLs. */
  consoleOrigins: string[];
}

/**
 * Stateful resources: the single table and the attachments bucket. Construct ids ('Table', 'Attachments',
 * 'AccessLogs') are part of the physical identity of retained data: never rename them.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly attachments: s3.Bucket;
  /** What every HTTP handler may do with the data; attached by HandlerFunction.bindData. */
  readonly handlerAccess: DataAccess;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    const accessLogs = createAccessLogsBucket(this, 'AccessLogs');
    this.table = createTrackingTable(this, 'Table');
    this.attachments = createPrivateBucket(this, 'Attachments', {
      accessLogs,
      accessLogsPrefix: 'attachments/',
      versioned: true,
      // List exports (functions/lib/exports/) are downloads of a moment, not records. Attachment uploads wait
      // in incoming/ until registered (moved out) and are never served from there: an abandoned one expires.
      expiringPrefixes: [
        { prefix: EXPORT_STORAGE_PREFIX, days: EXPORT_RETENTION_DAYS },
        { prefix: ATTACHMENT_INCOMING_PREFIX, days: ATTACHMENT_INCOMING_DAYS },
      ],
      cors: [
        {
          allowedOrigins: props.consoleOrigins,
          // Issue 13: the browser only uploads with a presigned POST (its policy bounds the size) and downloads
          // with a presigned GET; no PUT (a presigned PUT cannot bound the size) and no DELETE (the API deletes).
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    });

    const policy = new iam.ManagedPolicy(this, 'HandlerDataAccess', {
      description: 'HTTP handlers: item access to the tracking table and object access to attachments',
      statements: [
        tableDataStatement(this.table),
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [this.attachments.arnForObjects('*')],
        }),
        // List exports stream in as multipart uploads (PutObject covers them); a failed export aborts its upload.
        new iam.PolicyStatement({
          actions: ['s3:AbortMultipartUpload'],
          resources: [this.attachments.arnForObjects(`${EXPORT_STORAGE_PREFIX}*`)],
        }),
        // Deleting an asset lists its folder and its waiting uploads (files never registered have no record).
        new iam.PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [this.attachments.bucketArn],
          conditions: { StringLike: { 's3:prefix': ['tenants/*', `${ATTACHMENT_INCOMING_PREFIX}tenants/*`] } },
        }),
      ],
    });
    const bucketLogicalId = this.getLogicalId(this.attachments.node.defaultChild as s3.CfnBucket);
    acknowledge(
      policy,
      'Attachment object keys are created at runtime per tenant and asset, so object ARNs cannot be listed; the ' +
        'grant is limited to Get/Put/DeleteObject inside this one bucket (presigned URLs are signed with it).',
      `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/*]`,
    );
    acknowledge(
      policy,
      'Export files get a random key per export, so object ARNs cannot be listed; the grant is ' +
        'AbortMultipartUpload under the exports/ prefix of this one bucket.',
      `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${EXPORT_STORAGE_PREFIX}*]`,
    );
    this.handlerAccess = { tableName: this.table.tableName, bucketName: this.attachments.bucketName, policy };

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'AttachmentsBucketName', { value: this.attachments.bucketName });
  }
}
