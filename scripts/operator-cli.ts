import { tenantRepository } from '../functions/lib/tenants/tenant-repository';
import { HOST, port, REGION, TABLE_NAME } from './local/config';

/**
 * The shared shape of the operator scripts (`npm run repair:*`, `npm run migrate`): `[--dry-run] [--aws] <tenant id>...`.
 * Against the local stack of `npm start` by default; `--aws` uses TABLE_NAME, AWS_REGION and the caller's AWS
 * credentials instead (the deployed table). No tenant ids: every tenant.
 */
export interface OperatorArgs {
  dryRun: boolean;
  tenantIds: string[];
}

/** Points the handler code at the local stack's table, or with `--aws` checks the deployed one is named. */
export function operatorTarget(argv = process.argv.slice(2)): void {
  if (!argv.includes('--aws')) {
    process.env.TABLE_NAME ??= TABLE_NAME;
    process.env.AWS_REGION ??= REGION;
    process.env.DYNAMODB_ENDPOINT ??= `http://${HOST}:${port('DYNAMODB_PORT')}`;
  } else if (!process.env.TABLE_NAME) {
    throw new Error('--aws needs TABLE_NAME (the data stack output) and AWS_REGION');
  }
}

export async function operatorArgs(argv = process.argv.slice(2)): Promise<OperatorArgs> {
  operatorTarget(argv);
  const wanted = argv.filter((arg) => /^\d+$/.test(arg));
  const tenantIds = wanted.length > 0 ? wanted : (await tenantRepository.list()).map((tenant) => String(tenant.id));
  return { dryRun: argv.includes('--dry-run'), tenantIds };
}

/** Runs a script's main, printing only the message of a failure and exiting 1. */
export function runOperatorScript(main: () => Promise<void>): void {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
