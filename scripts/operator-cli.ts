import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { tenantRepository } from '../functions/lib/tenants/tenant-repository';
import { HOST, type PortName, port, REGION, TABLE_NAME } from './local/config';

/**
 * The one shape of the operator commands (jobs `npm run job:*`, repairs `npm run repair:*`, `npm run migrate`):
 * `[--dry-run] [--aws] [--tenant <id>]...` plus the command's own options, parsed strictly (an unknown or
 * misspelt option stops the command with its usage, never runs it some other way). Against the local stack of
 * `npm start` by default; `--aws` uses TABLE_NAME, AWS_REGION and the caller's AWS credentials instead (the
 * deployed table). A command says which of the three it understands; the others are refused, not ignored.
 */
export interface OperatorCommand<O extends ParseArgsOptionsConfig> {
  usage: string;
  dryRun?: boolean;
  aws?: boolean;
  tenants?: boolean;
  /** Local stand-ins the command's code calls besides DynamoDB (endpoint variable to port variable). */
  endpoints?: Record<string, PortName>;
  options?: O;
}

export interface OperatorArgs<O extends ParseArgsOptionsConfig> {
  dryRun: boolean;
  /** The tenants asked for (`--tenant`), or none: the command's default (every tenant). */
  tenantIds: string[];
  values: ReturnType<typeof parseArgs<{ options: O; strict: true }>>['values'];
}

const COMMON = {
  'dry-run': { type: 'boolean' },
  aws: { type: 'boolean' },
  tenant: { type: 'string', multiple: true },
} as const satisfies ParseArgsOptionsConfig;

export function operatorArgs<O extends ParseArgsOptionsConfig>(
  command: OperatorCommand<O>,
  argv = process.argv.slice(2),
): OperatorArgs<O> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options: { ...COMMON, ...command.options }, strict: true });
  } catch (error) {
    throw new Error(`${(error as Error).message}\nusage: ${command.usage}`);
  }
  const values = parsed.values as Record<string, unknown>;
  for (const [flag, understood] of [
    ['dry-run', command.dryRun],
    ['aws', command.aws],
    ['tenant', command.tenants],
  ] as const) {
    if (values[flag] !== undefined && !understood)
      throw new Error(`--${flag} is not an option here\nusage: ${command.usage}`);
  }
  const tenantIds = (values.tenant as string[] | undefined) ?? [];
  const wrong = tenantIds.find((id) => !/^\d+$/.test(id));
  if (wrong !== undefined) throw new Error(`--tenant takes a tenant id (a number), not "${wrong}"`);
  operatorTarget(values.aws === true, command.endpoints ?? {});
  return { dryRun: values['dry-run'] === true, tenantIds, values: values as OperatorArgs<O>['values'] };
}

/** Points the handler code at the local stack's services, or with `--aws` checks the deployed table is named. */
function operatorTarget(aws: boolean, endpoints: Record<string, PortName>): void {
  if (aws) {
    if (!process.env.TABLE_NAME) throw new Error('--aws needs TABLE_NAME (the data stack output) and AWS_REGION');
    return;
  }
  process.env.TABLE_NAME ??= TABLE_NAME;
  process.env.AWS_REGION ??= REGION;
  process.env.DYNAMODB_ENDPOINT ??= `http://${HOST}:${port('DYNAMODB_PORT')}`;
  for (const [variable, portName] of Object.entries(endpoints)) {
    process.env[variable] ??= `http://${HOST}:${port(portName)}`;
  }
}

/**
 * The arguments of a job that judges at a time (`--now`, default now) and publishes to the bus: the silent-tag
 * and time-rule jobs. Answers the handler's event.
 */
export function timedJobEvent(script: string): { now?: string; tenants?: string[] } {
  const { tenantIds, values } = operatorArgs({
    usage: `npm run ${script} [-- --now <ISO time>] [--tenant <id>]...`,
    tenants: true,
    endpoints: { EVENTBRIDGE_ENDPOINT: 'EVENTBRIDGE_PORT' },
    options: { now: { type: 'string' } },
  });
  return { ...(values.now ? { now: values.now } : {}), ...(tenantIds.length ? { tenants: tenantIds } : {}) };
}

/** The tenants asked for, or every tenant of the registry. */
export async function tenantsOrAll(tenantIds: string[]): Promise<string[]> {
  return tenantIds.length > 0 ? tenantIds : (await tenantRepository.list()).map((tenant) => String(tenant.id));
}

/** Runs a script's main, printing only the message of a failure and exiting 1. */
export function runOperatorScript(main: () => Promise<void>): void {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
