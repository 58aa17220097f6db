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
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { ROLES } from '../../shared/permissions';
import { globalSecondaryIndexes, keyAttributes, quotaViolations, TABLE } from '../../shared/table';
import { createUserPoolInput, USER_POOL_SETTINGS } from '../../shared/user-pool';
import { HOST, port, REGION, TABLE_NAME } from './config';
import { createTableAndWait, rebuildTable } from './table-rebuild';

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
 * before the index was added) is rebuilt with its items; the migration steps then give those items what the
 * new index needs (scripts/migrations), as on AWS.
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
  await createTableAndWait(client, tableDefinition());
  return 'created';
}

/** The data migrations the local table's ledger has not had, before the API listens (scripts/migrations). */
export async function migrateTable() {
  const { runMigrations } = await import('../migrations/run-migrations');
  const outcome = await runMigrations({ log: (line) => console.log(`Migration ${line}`) });
  if (outcome.ran.length > 0) console.log(`${outcome.ran.length} data migration step(s) run.`);
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
