import type { HandlerModule } from '../shared/routes';

/**
 * The name a handler module's Lambda was first deployed under, where the module has been renamed since. The
 * construct ids (`Handler-<name>` in infra/stacks/api-stack.ts, `<name>-integration` in
 * infra/constructs/route-table-api.ts, `<name>-errors` of the operator alarms) are built from it, and
 * CloudFormation replaces a resource whose logical id changes: renaming the construct would delete the deployed
 * function, its role and its log group with the logs in it, and create new ones. So the code says the new name
 * and the stack keeps the old one; test/infra/logical-ids.test.ts holds both to it.
 */
export const DEPLOYED_NAME: Partial<Record<HandlerModule, string>> = {
  'loan-days': 'billing',
};

/** The name a module's constructs are built from: its deployed name, or the module's own. */
export const deployedNameOf = (module: HandlerModule): string => DEPLOYED_NAME[module] ?? module;
