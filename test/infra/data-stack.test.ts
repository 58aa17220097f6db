import { Match } from 'aws-cdk-lib/assertions';
import { globalSecondaryIndexes, keyAttributes, TABLE } from '../../shared/table';
import { resourcesOf, type Synthesized, synthTracking } from './synth';

let s: Synthesized;
beforeAll(() => {
  s = synthTracking();
});

describe('tracking table', () => {
  it('has the key schema and every GSI of shared/table.ts, all keys strings', () => {
    const tables = resourcesOf(s.template(s.data), 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const [, table] = tables[0] as [string, Record<string, unknown>];
    expect(table.KeySchema).toEqual([
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ]);
    expect(table.AttributeDefinitions).toEqual(
      expect.arrayContaining(keyAttributes().map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
    );
    expect(table.AttributeDefinitions).toHaveLength(keyAttributes().length);
    expect(table.GlobalSecondaryIndexes).toEqual(globalSecondaryIndexes());
  });

  it('declares only the first n indexes with -c tableIndexes=n (one new GSI per deploy)', () => {
    const staged = synthTracking({ tableIndexes: '8' });
    const [, table] = resourcesOf(staged.template(staged.data), 'AWS::DynamoDB::Table')[0] as [
      string,
      Record<string, unknown>,
    ];
    expect(table.GlobalSecondaryIndexes).toEqual(globalSecondaryIndexes().slice(0, 8));
    expect(() => synthTracking({ tableIndexes: '19' })).toThrow('tableIndexes must be 1…18');
  });

  it('is on-demand, with PITR, deletion protection and TTL on expiresAt', () => {
    s.template(s.data).hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      TimeToLiveSpecification: { AttributeName: TABLE.timeToLiveAttribute, Enabled: true },
    });
  });

  it('is retained when the stack goes, under a stable logical id', () => {
    s.template(s.data).hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(Object.keys(s.template(s.data).findResources('AWS::DynamoDB::Table'))).toEqual([
      expect.stringMatching(/^Table[0-9A-F]{8}$/),
    ]);
  });
});

describe('attachments bucket', () => {
  it('blocks public access, is versioned, encrypted, logged and retained', () => {
    s.template(s.data).hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: Match.objectLike({
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        }),
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'attachments/' }),
      }),
    });
  });

  it('lets the console origin POST/GET/HEAD directly (presigned POST uploads, GET downloads), no PUT', () => {
    const [, bucket] = resourcesOf(s.template(s.data), 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('Attachments'),
    ) as [string, Record<string, unknown>];
    const rules = (bucket.CorsConfiguration as { CorsRules: Record<string, unknown>[] }).CorsRules;
    expect(rules).toHaveLength(1);
    expect(rules[0]?.AllowedMethods).toEqual(['POST', 'GET', 'HEAD']);
    // The console origin is the Web stack's CloudFront domain, read from that stack's outputs.
    expect(rules[0]?.AllowedOrigins).toHaveLength(1);
    expect(JSON.stringify(rules[0]?.AllowedOrigins)).toContain('https://');
    expect(JSON.stringify(rules[0]?.AllowedOrigins)).toContain(s.web.stackName);
  });

  it('deletes list exports (their own prefix) after a day, old versions and unfinished uploads too', () => {
    const [, bucket] = resourcesOf(s.template(s.data), 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('Attachments'),
    ) as [string, Record<string, unknown>];
    const rules = (bucket.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual({
      Id: 'expire-exports',
      Prefix: 'exports/',
      Status: 'Enabled',
      ExpirationInDays: 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
    });
    // Attachments themselves never expire: only exports, mailed reports' files and uploads waiting for their registration.
    expect(rules.filter((rule) => rule.ExpirationInDays !== undefined)).toHaveLength(3);
  });

  it('keeps a mailed report too large to attach a day past its 7-day link, under a prefix of its own', () => {
    const [, bucket] = resourcesOf(s.template(s.data), 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('Attachments'),
    ) as [string, Record<string, unknown>];
    const rules = (bucket.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual({
      Id: 'expire-report-files',
      Prefix: 'report-files/',
      Status: 'Enabled',
      ExpirationInDays: 8,
      NoncurrentVersionExpiration: { NoncurrentDays: 8 },
      AbortIncompleteMultipartUpload: { DaysAfterInitiation: 8 },
    });
  });

  it('deletes attachment uploads left in incoming/ after a day', () => {
    const [, bucket] = resourcesOf(s.template(s.data), 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('Attachments'),
    ) as [string, Record<string, unknown>];
    const rules = (bucket.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual({
      Id: 'expire-incoming',
      Prefix: 'incoming/',
      Status: 'Enabled',
      ExpirationInDays: 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
    });
  });

  it('every bucket of the stack blocks public access and refuses plain HTTP', () => {
    const t = s.template(s.data);
    const buckets = resourcesOf(t, 'AWS::S3::Bucket');
    expect(buckets.length).toBe(2);
    for (const [, bucket] of buckets) {
      expect(bucket.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    expect(resourcesOf(t, 'AWS::S3::BucketPolicy')).toHaveLength(2);
    t.allResourcesProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      }),
    });
  });
});

describe('handler data access policies (one per piece, infra/handler-grants.ts)', () => {
  type PolicyStatement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
  const statements = () =>
    resourcesOf(s.template(s.data), 'AWS::IAM::ManagedPolicy').flatMap(
      ([, policy]) => (policy.PolicyDocument as { Statement: PolicyStatement[] }).Statement,
    );
  const withAction = (action: string) => statements().filter((st) => [st.Action].flat().includes(action));

  it('names every action and index explicitly (no action wildcards, no index/*, Scan apart)', () => {
    for (const statement of statements())
      for (const action of [statement.Action].flat()) expect(action).not.toContain('*');
    const queries = JSON.stringify(withAction('dynamodb:Query').map((st) => st.Resource));
    for (const index of TABLE.indexes) expect(queries).toContain(`/index/${index.name}`);
    expect(queries).not.toContain('index/*');
    // Scan is a piece of its own, which only the tenant-walk job takes (test/infra/handler-grants.test.ts).
    const scans = resourcesOf(s.template(s.data), 'AWS::IAM::ManagedPolicy').filter(([, policy]) =>
      JSON.stringify(policy.PolicyDocument).includes('dynamodb:Scan'),
    );
    expect(scans.map(([id]) => id)).toEqual([expect.stringMatching(/^TableScan/)]);
    expect(withAction('dynamodb:Scan').map((st) => [st.Action].flat())).toEqual([['dynamodb:Scan']]);
    // Writes go to the table itself; an index takes only queries.
    expect(JSON.stringify(withAction('dynamodb:PutItem').map((st) => st.Resource))).not.toContain('/index/');
  });
  it('lets handlers abort an unfinished export upload, under exports/ and report-files/ only', () => {
    const abort = withAction('s3:AbortMultipartUpload');
    expect(abort).toHaveLength(1);
    const resources = abort[0]?.Resource as unknown[];
    expect(resources).toHaveLength(2);
    expect(JSON.stringify(resources[0])).toMatch(/"\/exports\/\*"\]\]\}$/);
    expect(JSON.stringify(resources[1])).toMatch(/"\/report-files\/\*"\]\]\}$/);
  });
  it('lets handlers list tenant folders and their waiting uploads only', () => {
    const list = withAction('s3:ListBucket');
    expect(list).toHaveLength(1);
    expect(list[0]?.Condition).toEqual({ StringLike: { 's3:prefix': ['tenants/*', 'incoming/tenants/*'] } });
  });
  it('grants attachment objects under the attachment prefixes only, never the whole bucket', () => {
    const objects = JSON.stringify(withAction('s3:DeleteObject').map((st) => st.Resource));
    expect(objects).toContain('"/tenants/*"');
    expect(objects).toContain('"/incoming/tenants/*"');
    expect(JSON.stringify(statements().map((st) => st.Resource))).not.toMatch(/"\/\*"/);
  });
});
