import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ROLES } from '../../shared/permissions';
import { globalSecondaryIndexes, keyAttributes, quotaViolations, TABLE } from '../../shared/table';
import { createUserPoolInput, USER_POOL_SETTINGS } from '../../shared/user-pool';
import { HOST, port, REGION, TABLE_NAME } from './config';
import { rebuildTable } from './table-rebuild';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
export const USER_POOL_NAME = 'tracking-users';
const APP_CLIENT_NAME = 'tracking-console';
/** App client of API credentials: 15-minute ID tokens (infra/stacks/auth-stack.ts ApiClientsClient). */
const API_CLIENTS_APP_CLIENT_NAME = 'tracking-api-clients';

/**
 * CreateTable input from shared/table.ts: the same definition CDK deploys (infra/constructs/tracking-table.ts).
 * A definition over DynamoDB's index quotas is refused here as AWS would refuse it: dynalite takes any number.
 */
export const tableDefinition = (): CreateTableCommandInput => {
  const violations = quotaViolations(TABLE.indexes);
  if (violations.length > 0)
    throw new Error(`The table definition exceeds DynamoDB's quotas: ${violations.join('; ')}`);
  return definitionOf();
};

const definitionOf = (): CreateTableCommandInput => ({
  TableName: TABLE_NAME,
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: keyAttributes().map((name) => ({ AttributeName: name, AttributeType: 'S' })),
  KeySchema: [
    { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
    { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: globalSecondaryIndexes(),
});

/**
 * Creates the table from shared/table.ts unless it exists. A table that lacks an index of the definition (made
 * before the index was added) is rebuilt with its items: 'rebuilt' tells the caller to backfill the new keys.
 */
export async function ensureTable(): Promise<'created' | 'exists' | 'rebuilt'> {
  const client = new DynamoDBClient({
    region: REGION,
    endpoint: `http://${HOST}:${port('DYNAMODB_PORT')}`,
    credentials,
  });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLE_NAME }));
    // An index whose INCLUDE list changed (the map index took the level's fields) is rebuilt too.
    const present = new Map(
      Table?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.Projection?.NonKeyAttributes ?? []]),
    );
    const sameFields = (have: string[] | undefined, want: readonly string[] | undefined) =>
      [...(have ?? [])].sort().join() === [...(want ?? [])].sort().join();
    const missing = TABLE.indexes
      .filter((index) => !present.has(index.name) || !sameFields(present.get(index.name), index.nonKeyAttributes))
      .map((index) => index.name);
    if (missing.length === 0) return 'exists';
    console.log(`Local table lacks ${missing.join(', ')}: rebuilding it with its items…`);
    const count = await rebuildTable(client, tableDefinition());
    console.log(`Local table rebuilt (${count} items).`);
    return 'rebuilt';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(tableDefinition()));
  return 'created';
}

/** After a rebuild that added the asset map index: the existing assets get its keys (handler environment set). */
export async function backfillMapIndex() {
  const { backfillAssetMapKeysOfAllTenants } = await import('../../functions/lib/assets/asset-map-backfill');
  const { tenants, updated } = await backfillAssetMapKeysOfAllTenants();
  console.log(`Asset map index: ${updated} positioned assets of ${tenants} tenants indexed.`);
}

/**
 * After a rebuild that added the list indexes: the data steps of `npm run migrate:indexes` on every
 * tenant (backfill, customer counts, verify, drop the old keys), as on AWS.
 */
export async function migrateListIndexes() {
  const { runIndexMigration } = await import('../migrate-indexes-run');
  const client = new DynamoDBClient({
    region: REGION,
    endpoint: `http://${HOST}:${port('DYNAMODB_PORT')}`,
    credentials,
  });
  const steps = ['backfill', 'count', 'verify', 'drop-old'] as const;
  const report = await runIndexMigration(client, TABLE_NAME, { steps, dryRun: false, log: () => undefined });
  console.log(`List indexes: ${report.ok ? 'migrated' : `not migrated (${report.problems.join('; ')})`}.`);
}

/**
 * The list index keys' version of the local table's items, kept in one marker item: bumped when a new key is
 * given to items the table already holds (2: the devices' connectivity order, gsi15), so an older
 * local table gets the backfill step of `npm run migrate:indexes` once, as a deployed table does by hand.
 */
const LIST_KEYS_VERSION = 2;
const LIST_KEYS_MARKER = { pk: 'LOCAL#SCHEMA', sk: 'LIST_KEYS' };

export async function backfillListKeysIfOlder(table: 'created' | 'exists' | 'rebuilt') {
  const client = new DynamoDBClient({
    region: REGION,
    endpoint: `http://${HOST}:${port('DYNAMODB_PORT')}`,
    credentials,
  });
  const documents = DynamoDBDocumentClient.from(client);
  const marker = await documents.send(new GetCommand({ TableName: TABLE_NAME, Key: LIST_KEYS_MARKER }));
  if (table === 'exists' && Number(marker.Item?.version ?? 1) < LIST_KEYS_VERSION) {
    const { runIndexMigration } = await import('../migrate-indexes-run');
    const report = await runIndexMigration(client, TABLE_NAME, {
      steps: ['backfill'],
      dryRun: false,
      log: () => undefined,
    });
    console.log(`List index keys: ${report.ok ? 'backfilled' : `not backfilled (${report.problems.join('; ')})`}.`);
    if (!report.ok) return;
  }
  await documents.send(
    new PutCommand({ TableName: TABLE_NAME, Item: { ...LIST_KEYS_MARKER, version: LIST_KEYS_VERSION } }),
  );
}

/** The search postings' format: 2 keeps each gram's positions (decision record 0278). */
const SEARCH_POSTINGS_VERSION = 2;
const SEARCH_POSTINGS_MARKER = { pk: 'LOCAL#SCHEMA', sk: 'SEARCH_POSTINGS' };

/** A local table written before the postings kept positions gets them rewritten once, before the API listens. */
export async function rebuildSearchPostingsIfOlder(table: 'created' | 'exists' | 'rebuilt') {
  const { dynamo } = await import('../../functions/lib/data/client');
  const marker = await dynamo().send(new GetCommand({ TableName: TABLE_NAME, Key: SEARCH_POSTINGS_MARKER }));
  if (table !== 'created' && Number(marker.Item?.version ?? 1) < SEARCH_POSTINGS_VERSION) {
    const { rebuildAllPostings } = await import('./rebuild-postings');
    console.log(`Search postings rewritten with positions: ${await rebuildAllPostings()}.`);
  }
  await dynamo().send(
    new PutCommand({ TableName: TABLE_NAME, Item: { ...SEARCH_POSTINGS_MARKER, version: SEARCH_POSTINGS_VERSION } }),
  );
}

/** Device imports cut off by the last stop (kill -9 midway) are rolled back: nothing can still be writing. */
export async function rollBackInterruptedImports() {
  const { rollBackInterruptedImportsOfAllTenants } = await import('../../functions/lib/devices/device-import-journal');
  const count = await rollBackInterruptedImportsOfAllTenants(0);
  if (count > 0) console.log(`${count} interrupted device import(s) rolled back.`);
}

export const cognitoClient = () =>
  new CognitoIdentityProviderClient({
    region: REGION,
    endpoint: `http://${HOST}:${port('COGNITO_PORT')}`,
    credentials,
  });

/**
 * The user pool, app client and one group per role, as the CDK auth stack declares them. Idempotent: an
 * existing pool (found by name) is reused, so data survives restarts.
 */
export async function ensureUserPool(): Promise<{
  userPoolId: string;
  userPoolClientId: string;
  apiClientsClientId: string;
}> {
  const cognito = cognitoClient();
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === USER_POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: USER_POOL_NAME,
        // Aliases, case sensitivity and password policy exactly as CDK deploys them (shared/user-pool.ts); the
        // strict stand-in (cognito-strict.cjs) enforces them as Cognito does.
        ...createUserPoolInput(),
        Schema: [
          { Name: 'tenant', AttributeDataType: 'String', Mutable: true },
          { Name: 'user_id', AttributeDataType: 'String', Mutable: true },
          { Name: 'client_id', AttributeDataType: 'String', Mutable: true },
        ],
      }),
    );
    userPoolId = created.UserPool?.Id as string;
  }
  // Also on a pool made before the second factor existed: the setting holds for every pool, old or new.
  await cognito.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: USER_POOL_SETTINGS.mfa,
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === APP_CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: APP_CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient?.ClientId as string;
  }
  let apiClientsClientId = clients.UserPoolClients?.find((c) => c.ClientName === API_CLIENTS_APP_CLIENT_NAME)?.ClientId;
  if (!apiClientsClientId) {
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: API_CLIENTS_APP_CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'],
        IdTokenValidity: 15,
        AccessTokenValidity: 15,
        TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes' },
      }),
    );
    apiClientsClientId = created.UserPoolClient?.ClientId as string;
  }
  const groups = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  const existing = new Set(groups.Groups?.map((g) => g.GroupName));
  for (const role of ROLES) {
    if (!existing.has(role)) await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role }));
  }
  return { userPoolId, userPoolClientId, apiClientsClientId };
}
