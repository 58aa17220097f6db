/**
 * Work the handler layer runs after every write route (not after a GET), registered by the modules that need it (the live publisher's
 * flush), so handler.ts imports none of them: a route module that never publishes neither loads the
 * publisher nor needs its grant (infra/handler-grants.ts; test/infra/sdk-reach.ts walks imports by name).
 * A hook never throws.
 */
export const afterRouteHooks: (() => Promise<void>)[] = [];

export const runAfterRouteHooks = async () => {
  await Promise.all(afterRouteHooks.map((hook) => hook().catch(() => undefined)));
};
