import { CognitoIdentityProviderClient, ListGroupsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { localServiceConfig } from '../../functions/lib/local-endpoints';
import { ATTACHMENTS_BUCKET, REGION, TABLE_NAME } from '../../scripts/local/config';
import { connectAsThing, provisionLocalThing } from '../../scripts/local/iot-clients';
import { ROLES } from '../../shared/permissions';
import { TABLE } from '../../shared/table';
import { readStack } from '../harness/stack';
import { publishOutcome } from '../harness/things';

/** The stand-ins `npm start` brings up are real, API-compatible services built from the shared definitions. */
describe('the local stack', () => {
  const stack = readStack();
  const local = (port: number) => ({
    region: REGION,
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

  it('has the table with the keys and indexes of shared/table.ts', async () => {
    const { Table } = await new DynamoDBClient(local(stack.ports.DYNAMODB_PORT)).send(
      new DescribeTableCommand({ TableName: TABLE_NAME }),
    );
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(
      TABLE.indexes.map((i) => i.name).sort(),
    );
  });

  it('has the attachments bucket with CORS for the console', async () => {
    process.env.S3_ENDPOINT = `http://127.0.0.1:${stack.ports.S3_PORT}`;
    const cors = await new S3Client(localServiceConfig('S3_ENDPOINT')).send(
      new GetBucketCorsCommand({ Bucket: ATTACHMENTS_BUCKET }),
    );
    const rule = cors.CORSRules?.[0];
    expect(rule?.AllowedOrigins).toContain(`http://localhost:${stack.ports.WEB_PORT}`);
    // As the CDK bucket: presigned POST uploads and GET downloads only.
    expect(rule?.AllowedMethods).toEqual(['POST', 'GET', 'HEAD']);
  });

  it('has the user pool with one group per role', async () => {
    const groups = await new CognitoIdentityProviderClient(local(stack.ports.COGNITO_PORT)).send(
      new ListGroupsCommand({ UserPoolId: stack.userPoolId }),
    );
    expect(groups.Groups?.map((g) => g.GroupName).sort()).toEqual([...ROLES].sort());
  });

  it("runs an MQTT broker that takes a device thing's uplink over mutual TLS", async () => {
    // The refusals (no certificate, another thing's topic, Basic Ingest) are in iot-broker.test.ts.
    const device = { kind: 'device', devEui: 'A41163C212345678' } as const;
    const client = await connectAsThing(stack.ports.MQTT_PORT, await provisionLocalThing(stack.ports.IOT_PORT, device));
    try {
      const uplink = { devEui: 'A41163C212345678', eventType: 'moving' };
      expect(await publishOutcome(client, 'tracking/A41163C212345678/uplink', uplink)).toBe('accepted');
    } finally {
      await client.endAsync();
    }
  });

  it('runs the mail catcher with its web inbox', async () => {
    const response = await fetch(`http://127.0.0.1:${stack.ports.MAIL_WEB_PORT}/email`);
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });
});
