import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ATTACHMENT_INCOMING_DAYS, ATTACHMENT_INCOMING_PREFIX } from '../../shared/schemas/attachment';
import { EXPORT_RETENTION_DAYS, EXPORT_STORAGE_PREFIX } from '../../shared/schemas/export';
import { REPORT_FILE_PREFIX, REPORT_FILE_RETENTION_DAYS } from '../../shared/schemas/report-subscription';
import { createDataAccessPolicies } from '../constructs/data-access-policies';
import type { DataAccess } from '../constructs/handler-function';
import { createAccessLogsBucket, createPrivateBucket } from '../constructs/secure-bucket';
import { createTrackingTable } from '../constructs/tracking-table';
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
  /** The pieces of data access; HandlerFunction.bindData attaches those the function's grants name. */
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
        // A mailed report too large to attach: kept a day past the end of its link.
        { prefix: REPORT_FILE_PREFIX, days: REPORT_FILE_RETENTION_DAYS },
      ],
      cors: [
        {
          allowedOrigins: props.consoleOrigins,
          // The browser only uploads with a presigned POST (its policy bounds the size) and downloads
          // with a presigned GET; no PUT (a presigned PUT cannot bound the size) and no DELETE (the API deletes).
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    });

    this.handlerAccess = {
      tableName: this.table.tableName,
      bucketName: this.attachments.bucketName,
      policies: createDataAccessPolicies(this, this.table, this.attachments),
      vapidKeys: createVapidKeys(this),
    };

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'AttachmentsBucketName', { value: this.attachments.bucketName });
  }
}

/**
 * Web Push's VAPID private key (functions/lib/web-push/vapid-keys.ts derives the public key from it), made by
 * Secrets Manager at the first deployment: 64 hex digits, a P-256 private key, so no operator step and no key
 * in the template. Here, beside the table, because both the API (the public key route) and the alarm side (the
 * alarm handler and the notice job push) read it.
 */
function createVapidKeys(scope: Construct): secretsmanager.Secret {
  const secret = new secretsmanager.Secret(scope, 'VapidKeys', {
    description: 'Web Push VAPID private key {"privateKeyHex"}, generated once; never rotate (see docs/operations.md)',
    removalPolicy: RemovalPolicy.RETAIN,
    generateSecretString: {
      secretStringTemplate: '{}',
      generateStringKey: 'privateKeyHex',
      passwordLength: 64,
      excludeUppercase: true,
      excludePunctuation: true,
      includeSpace: false,
      // What is left of the lower-case letters and digits: the hex digits.
      excludeCharacters: 'ghijklmnopqrstuvwxyz',
    },
  });
  acknowledge(
    secret,
    'Browsers bind their push subscriptions to the VAPID public key: a rotation would orphan every subscription, ' +
      'so it is a deliberate operation. The secret is retained on delete.',
    'AwsSolutions-SMG4',
  );
  return secret;
}
