import { PIPELINE_RULES } from '../../infra/pipeline-rules';
import { resourcesOf, type Synthesized, synthTracking } from './synth';

/** The zone-stock Lambda on ZoneVisitChanged, and the bus for the limits save of the zone-stock API. */
let s: Synthesized;
beforeAll(() => {
  s = synthTracking();
});

describe('zone stock', () => {
  it('routes ZoneVisitChanged from the pipeline bus to the zone-stock Lambda with retries and its own dead-letter queue', () => {
    const rule = PIPELINE_RULES.find((r) => r.targetModule === 'pipeline/zone-stock');
    expect(rule?.eventPattern).toEqual({ source: ['tracking.pipeline'], 'detail-type': ['ZoneVisitChanged'] });
    const rules = resourcesOf(s.template(s.pipeline), 'AWS::Events::Rule').filter(([id]) => id.includes('ZoneStock'));
    expect(rules).toHaveLength(1);
    expect(rules[0]?.[1]).toMatchObject({
      EventPattern: { source: ['tracking.pipeline'], 'detail-type': ['ZoneVisitChanged'] },
      Targets: [
        {
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [expect.stringContaining('ZoneStockDeadLetters'), 'Arn'] } },
          RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 21600 },
        },
      ],
    });
    const functions = resourcesOf(s.template(s.pipeline), 'AWS::Lambda::Function').filter(([id]) =>
      id.includes('ZoneStock'),
    );
    expect(functions).toHaveLength(1);
    expect(functions[0]?.[1]).toMatchObject({ Environment: { Variables: { EVENT_BUS_NAME: expect.anything() } } });
  });

  it('gives the zone-stock API, not geo-zones, the bus name and PutEvents (a limits save raises alarm types 4/5)', () => {
    const functionOf = (module: string) =>
      resourcesOf(s.template(s.api), 'AWS::Lambda::Function').filter(([, fn]) =>
        JSON.stringify(fn).includes(`"POWERTOOLS_SERVICE_NAME":"${module}"`),
      );
    expect(functionOf('zone-stock')).toHaveLength(1);
    expect(JSON.stringify(functionOf('zone-stock')[0]?.[1])).toContain('EVENT_BUS_NAME');
    expect(JSON.stringify(functionOf('geo-zones')[0]?.[1])).not.toContain('EVENT_BUS_NAME');
    const policies = resourcesOf(s.template(s.api), 'AWS::IAM::Policy').filter(([, policy]) =>
      JSON.stringify(policy).includes('events:PutEvents'),
    );
    expect(policies.map(([id]) => id.replace(/RoleDefaultPolicy.*$/, ''))).toContain('Handlerzonestock');
    expect(policies.map(([id]) => id.replace(/RoleDefaultPolicy.*$/, ''))).not.toContain('Handlergeozones');
  });
});
