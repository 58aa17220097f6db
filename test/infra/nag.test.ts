import { App, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addNagChecks } from '../../infra/nag';
import { FULL_CONTEXT, synthTracking } from './synth';

/**
 * cdk-nag v3 is a policy-validation plugin: findings are not Annotations (Annotations.fromStack(...).findError
 * would be empty whatever the stacks contain). Two checks instead: synthesis with the plugin registered throws
 * on any unacknowledged finding, and each stack validated on its own reports none (after synthesis, so
 * cross-stack references look as they do in the real run).
 */
const CONCRETE_ENV = { account: '123456789012', region: 'eu-west-1' };

const violationsOf = (stack: Stack) =>
  new AwsSolutionsChecks(undefined, { verbose: false })
    .validateScope(stack)
    .violations.map((v) => `${v.ruleName} @ ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

describe.each([
  ['dev defaults, environment-agnostic', {}, undefined],
  ['dev defaults in a concrete account and region (as `cdk synth` with credentials)', {}, CONCRETE_ENV],
  ['prod with Entra ID, custom domain, WAF and alarms', FULL_CONTEXT, CONCRETE_ENV],
])('AwsSolutions checks: %s', (_name, context, env) => {
  it('synthesizes with no unacknowledged finding in any stack', () => {
    const s = synthTracking(context, { nag: true, env });
    expect(() => s.app.synth()).not.toThrow();
    const stacks = [s.web, s.data, s.auth, s.live, s.pipeline, s.api, s.webDeployment];
    for (const stack of stacks)
      expect({ stack: stack.stackName, violations: violationsOf(stack) }).toEqual({
        stack: stack.stackName,
        violations: [],
      });
  });
});

it('the checks are live: an unlogged bucket fails synthesis and is reported', () => {
  const app = new App();
  const stack = new Stack(app, 'Probe');
  new s3.Bucket(stack, 'Unlogged');
  addNagChecks(app);
  expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  expect(violationsOf(stack)).toEqual(expect.arrayContaining([expect.stringMatching(/^AwsSolutions-S1 @/)]));
});
