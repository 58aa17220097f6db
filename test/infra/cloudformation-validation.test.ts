import { CfnResource, Stack } from 'aws-cdk-lib';
import { FULL_CONTEXT, synthTracking } from './synth';

/**
 * CDK's built-in CloudFormation validation (CloudFormation's own template rules; cdk.json makes its findings
 * errors) on every stage shape the infra tests build: synthesis throws on any finding. The other files
 * synthesize these shapes with it off, to look at one stack, so it runs once per shape rather than once per file.
 */
const CONCRETE_ENV = { account: '123456789012', region: 'eu-west-1' };

describe.each([
  ['dev defaults', {}, undefined],
  ['prod with Entra ID, custom domain, WAF and alarms', FULL_CONTEXT, undefined],
  ['prod in a concrete account and region (as `cdk synth` with credentials)', FULL_CONTEXT, CONCRETE_ENV],
  ['a stage that geocodes with PDOK', { geocoderProvider: 'pdok', geocoderLanguage: 'en' }, undefined],
  ['a table with 8 indexes (a stage migrated part way)', { tableIndexes: '8' }, undefined],
  ['a test stage (no alarm mail)', { stage: 'test' }, undefined],
])('CloudFormation validation: %s', (_name, context, env) => {
  it('synthesizes with no finding', () => {
    const s = synthTracking(context, { env, validate: true });
    expect(() => s.app.synth()).not.toThrow();
  });
});

it('the validation is live: a property CloudFormation does not know fails synthesis', () => {
  const s = synthTracking({}, { validate: true });
  new CfnResource(new Stack(s.app, 'Probe'), 'Bucket', {
    type: 'AWS::S3::Bucket',
    properties: { NoSuchProperty: 'x' },
  });
  expect(() => s.app.synth()).toThrow(/NoSuchProperty/);
});
