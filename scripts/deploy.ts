import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMigrations } from './migrations/run-migrations';
import { runOperatorScript } from './operator-cli';

/**
 * `npm run deploy [-- -c name=value ...]`: the whole deploy of a stage. Settings come from cdk.context.json
 * (CDK's own file; docs/operations.md lists them) and from `-c` here. Builds the console, deploys every stack,
 * attaches the web ACL the EdgeWaf stack made (a second deploy, only while no `webAclArn` is set: CDK cannot
 * read a us-east-1 output across regions), then runs the data migrations the deployed table's ledger has not
 * had (scripts/migrations). Each part is idempotent: after a failure, run it again.
 */
type Outputs = Record<string, Record<string, string>>;

/** An output of the stack whose name ends in `-<stack>`, by key prefix (a construct's outputs carry a hash). */
export function stackOutput(outputs: Outputs, stack: string, key: string): string | undefined {
  const name = Object.keys(outputs).find((candidate) => candidate.endsWith(`-${stack}`));
  const found = name ? Object.entries(outputs[name] ?? {}).find(([k]) => k.startsWith(key)) : undefined;
  return found?.[1];
}

/** Whether a setting is given with `-c name=…` or in cdk.context.json. */
export function settingGiven(args: readonly string[], context: Record<string, unknown>, name: string): boolean {
  return args.some((arg) => arg.startsWith(`${name}=`)) || context[name] !== undefined;
}

function deployAll(args: readonly string[]): Outputs {
  const file = join(mkdtempSync(join(tmpdir(), 'deploy-')), 'outputs.json');
  const cdk = ['cdk', 'deploy', '--all', '--require-approval', 'never', '--outputs-file', file, ...args];
  execFileSync('npx', cdk, { stdio: 'inherit' });
  return JSON.parse(readFileSync(file, 'utf8')) as Outputs;
}

async function main() {
  const args = process.argv.slice(2);
  const region = process.env.AWS_REGION ?? process.env.CDK_DEFAULT_REGION;
  if (!region) throw new Error('Set AWS_REGION (or CDK_DEFAULT_REGION) to the region to deploy to.');
  const context = existsSync('cdk.context.json') ? JSON.parse(readFileSync('cdk.context.json', 'utf8')) : {};
  execFileSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
  let outputs = deployAll(args);
  const webAclArn = stackOutput(outputs, 'EdgeWaf', 'WebAclArn');
  if (webAclArn && !settingGiven(args, context, 'webAclArn')) {
    console.log(`Attaching the web ACL (add "webAclArn": "${webAclArn}" to cdk.context.json to skip this step).`);
    outputs = { ...outputs, ...deployAll([...args, '-c', `webAclArn=${webAclArn}`]) };
  }
  const table = stackOutput(outputs, 'Data', 'TableName');
  if (!table) throw new Error('The data stack answered no TableName output: is the deploy complete?');
  Object.assign(process.env, { TABLE_NAME: table, AWS_REGION: region });
  const outcome = await runMigrations({ log: (line) => console.log(`Migration ${line}`) });
  console.log(`Deployed; migrations: ${outcome.ran.length} run, ${outcome.done.length} done before.`);
}

if (require.main === module) runOperatorScript(main);
