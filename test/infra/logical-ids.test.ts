import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { FULL_CONTEXT, synthTracking } from './synth';

/**
 * Every resource's logical id, per stage shape and stack, as committed in fixtures/logical-ids.json.
 * CloudFormation replaces a resource whose logical id changes: a construct moved or renamed in a refactoring would
 * delete the table, a user pool or a bucket with its data and create an empty one. A change that moves, renames
 * or removes a construct fails here; one that means it (a new resource, one retired on purpose) rewrites the file
 * with `UPDATE_LOGICAL_IDS=1 npx jest test/infra/logical-ids.test.ts`, and the diff shows the reviewer which ids
 * come and go. Ids that carry a hash of their content (a Lambda version, an API Gateway deployment) change with
 * the code by design and are left out. The file is written by this test alone (biome leaves it as written).
 */
const FIXTURE = path.join(__dirname, 'fixtures', 'logical-ids.json');
const CONTENT_HASHED = new Set(['AWS::Lambda::Version', 'AWS::ApiGateway::Deployment']);

/** The stage shapes a deployment takes: the defaults (a dev stage) and a production-like one. */
const SHAPES: Record<string, Record<string, unknown>> = { default: {}, production: FULL_CONTEXT };

type Ids = Record<string, Record<string, string[]>>;

/** `<logical id> <type>` of every resource of every stack, per shape and stack (its name without the prefix). */
function logicalIds(): Ids {
  const ids: Ids = {};
  for (const [shape, context] of Object.entries(SHAPES)) {
    const { app, template } = synthTracking(context);
    const stacks = app.node.children.filter((child): child is Stack => Stack.isStack(child));
    ids[shape] = Object.fromEntries(
      stacks.map((stack) => {
        const resources = (template(stack).toJSON().Resources ?? {}) as Record<string, { Type: string }>;
        const lines = Object.entries(resources)
          .filter(([, resource]) => !CONTENT_HASHED.has(resource.Type))
          .map(([id, resource]) => `${id} ${resource.Type}`)
          .sort();
        return [stack.stackName.split('-').at(-1) as string, lines];
      }),
    );
  }
  return ids;
}

describe('logical ids', () => {
  it('every resource keeps its logical id, so no deploy replaces a resource a change did not mean to', () => {
    const now = logicalIds();
    if (process.env.UPDATE_LOGICAL_IDS === '1') writeFileSync(FIXTURE, `${JSON.stringify(now, null, 2)}\n`);
    const committed = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Ids;
    const changes: string[] = [];
    for (const shape of new Set([...Object.keys(committed), ...Object.keys(now)]))
      for (const stack of new Set([...Object.keys(committed[shape] ?? {}), ...Object.keys(now[shape] ?? {})])) {
        const before = new Set(committed[shape]?.[stack] ?? []);
        const after = new Set(now[shape]?.[stack] ?? []);
        for (const id of before) if (!after.has(id)) changes.push(`${shape} ${stack}: gone ${id}`);
        for (const id of after) if (!before.has(id)) changes.push(`${shape} ${stack}: new ${id}`);
      }
    expect(changes).toEqual([]);
  });
});
