import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE } from '../../shared/table';

/**
 * The create-indexes part of the migration step list-index-keys: which indexes of shared/table.ts the deployed table
 * lacks or is still building. The stack owns the table, so the indexes come from deploys, not from an
 * UpdateTable here (an index made beside CloudFormation makes its next update fail, "already exists"), and
 * CloudFormation adds one GSI per update: the step names the deploys to run, one per missing index, in order,
 * and waits while one builds (docs/decisions/0272-list-indexes-project-only-what-lists-filter-and-customer-indexes.md).
 * Locally dynalite cannot add an index at all: `npm start` rebuilds an older table with its items
 * (scripts/local/table-rebuild.ts) and the ledger then runs the data parts.
 */
export interface IndexState {
  present: string[];
  building: string[];
  missing: string[];
}

export async function indexState(client: DynamoDBClient, table: string): Promise<IndexState> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
  const status = new Map((Table?.GlobalSecondaryIndexes ?? []).map((index) => [index.IndexName, index]));
  const state: IndexState = { present: [], building: [], missing: [] };
  for (const index of TABLE.indexes) {
    const found = status.get(index.name);
    if (!found) state.missing.push(index.name);
    else if (found.IndexStatus !== 'ACTIVE' || found.Backfilling) state.building.push(index.name);
    else state.present.push(index.name);
  }
  return state;
}

/** The deploy commands that add the missing indexes one at a time (each waits for its index to be ACTIVE). */
export function stagedDeploys(state: IndexState, stack = 'TrackingData'): string[] {
  return state.missing.map((name) => {
    const n = TABLE.indexes.findIndex((index) => index.name === name) + 1;
    return `npx cdk deploy ${stack} -c tableIndexes=${n}   # adds ${name}`;
  });
}

/** Waits until no index of the table is building (CloudFormation's deploy waits too; a rerun may not). */
export async function waitUntilActive(
  client: DynamoDBClient,
  table: string,
  options: { pollMs?: number; timeoutMs?: number } = {},
): Promise<IndexState> {
  const deadline = Date.now() + (options.timeoutMs ?? 6 * 60 * 60 * 1000);
  for (;;) {
    const state = await indexState(client, table);
    if (state.building.length === 0 || Date.now() > deadline) return state;
    console.log(`  building: ${state.building.join(', ')}…`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 30_000));
  }
}
