import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tableName } from '../functions/lib/data/client';
import { localServiceConfig } from '../functions/lib/local-endpoints';
import { runIndexMigration, STEPS, type Step } from './migrate-indexes-run';

/**
 * `npm run migrate:indexes -- [--dry-run] [--step <step>]… [--tenant <id>]… [--data-stack <name>]`: moves a
 * deployed table's assets and devices to the list indexes (gsi8…gsi18) and off gsi1…gsi6. Steps, in order:
 * create-indexes, backfill, count, verify, drop-old (drop-old only after a clean verify). Needs TABLE_NAME and
 * the account's credentials (locally the stack's environment). The procedure around it (staged deploys,
 * backfill before and after the code deploy) is in
 * docs/decisions/0272-list-indexes-project-only-what-lists-filter-and-customer-indexes.md. `--dry-run` prints what each step
 * would write and writes nothing.
 */
function parse(argv: readonly string[]) {
  const steps: Step[] = [];
  const tenants: number[] = [];
  let dryRun = false;
  let dataStack = `${process.env.STACK_PREFIX ?? 'Tracking'}-Data`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--step' && STEPS.includes(argv[i + 1] as Step)) steps.push(argv[++i] as Step);
    else if (arg === '--tenant' && /^\d+$/.test(argv[i + 1] ?? '')) tenants.push(Number(argv[++i]));
    else if (arg === '--data-stack' && argv[i + 1]) dataStack = argv[++i] as string;
    else throw new Error(`Unknown argument ${arg}; steps: ${STEPS.join(', ')}`);
  }
  return { steps: steps.length ? steps : [...STEPS], tenants: tenants.length ? tenants : undefined, dryRun, dataStack };
}

const options = parse(process.argv.slice(2));
runIndexMigration(new DynamoDBClient(localServiceConfig('DYNAMODB_ENDPOINT')), tableName(), {
  ...options,
  log: console.log,
})
  .then((report) => {
    if (!report.ok) process.exit(2);
  })
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
