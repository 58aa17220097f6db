import { PIPELINE_RULES } from '../../infra/pipeline-rules';
import { resourcesOf, type Synthesized, synthTracking } from './synth';

/** The geocoder Lambda after the processor, its bus rule, its permission and its provider. */
let s: Synthesized;
beforeAll(() => {
  s = synthTracking();
});

const geocoderFunctions = (synth: Synthesized) =>
  resourcesOf(synth.template(synth.pipeline), 'AWS::Lambda::Function').filter(([id]) => id.includes('Geocoder'));

describe('address geocoding', () => {
  it('deploys the geocoder with Amazon Location by default, in Dutch', () => {
    const functions = geocoderFunctions(s);
    expect(functions).toHaveLength(1);
    expect(functions[0]?.[1]).toMatchObject({
      Environment: {
        Variables: { GEOCODER_PROVIDER: 'amazon', GEOCODER_LANGUAGE: 'nl', TABLE_NAME: expect.anything() },
      },
    });
  });

  it('routes GeocodeRequested from the pipeline bus to the geocoder with retries and its own dead-letter queue', () => {
    const rule = PIPELINE_RULES.find((r) => r.targetModule === 'pipeline/geocoder');
    expect(rule?.eventPattern).toEqual({ source: ['tracking.pipeline'], 'detail-type': ['GeocodeRequested'] });
    const rules = resourcesOf(s.template(s.pipeline), 'AWS::Events::Rule').filter(([id]) => id.includes('Geocod'));
    expect(rules).toHaveLength(1);
    expect(rules[0]?.[1]).toMatchObject({
      EventPattern: { source: ['tracking.pipeline'], 'detail-type': ['GeocodeRequested'] },
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [expect.stringContaining('Geocoder'), 'Arn'] },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [expect.stringContaining('GeocodingDeadLettersQueue'), 'Arn'] } },
          RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 21600 },
        },
      ],
    });
  });

  it('lets the geocoder call ReverseGeocode on the AWS provider resource only (action and ARN unverified)', () => {
    const policies = resourcesOf(s.template(s.pipeline), 'AWS::IAM::Policy').filter(([id]) => id.includes('Geocoder'));
    const statements = policies.flatMap(
      ([, policy]) => (policy.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
    );
    const geo = statements.filter((statement) => JSON.stringify(statement.Action).includes('geo-places'));
    expect(geo).toHaveLength(1);
    expect(geo[0]?.Action).toBe('geo-places:ReverseGeocode');
    expect(JSON.stringify(geo[0]?.Resource)).toContain(':geo-places:');
    expect(JSON.stringify(geo[0]?.Resource)).toContain('::provider/default');
  });

  it('takes PDOK as the provider when the deployment prefers it, and refuses the local-only offline one', () => {
    const pdok = synthTracking({ geocoderProvider: 'pdok', geocoderLanguage: 'en' });
    expect(geocoderFunctions(pdok)[0]?.[1]).toMatchObject({
      Environment: { Variables: { GEOCODER_PROVIDER: 'pdok', GEOCODER_LANGUAGE: 'en' } },
    });
    expect(() => synthTracking({ geocoderProvider: 'offline' })).toThrow(/not amazon or pdok/);
    expect(() => synthTracking({ geocoderLanguage: 'x; rm' })).toThrow(/BCP 47/);
  });
});
