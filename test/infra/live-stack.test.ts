import { Match } from 'aws-cdk-lib/assertions';
import { HandlerFunction } from '../../infra/constructs/handler-function';
import { resourcesOf, type Synthesized, synthTracking } from './synth';

let s: Synthesized;
beforeAll(() => {
  s = synthTracking();
});

const live = () => s.template(s.live);
type Statement = { Action: string | string[]; Resource: unknown };
const policyStatements = (stack: Parameters<Synthesized['template']>[0]) =>
  resourcesOf(s.template(stack), 'AWS::IAM::Policy').flatMap(
    ([, policy]) => (policy.PolicyDocument as { Statement: Statement[] }).Statement,
  );

describe('live push stack', () => {
  it('has one Event API: Lambda-authorized connect and subscribe, IAM-only publish, the live namespace', () => {
    live().resourceCountIs('AWS::AppSync::Api', 1);
    live().hasResourceProperties('AWS::AppSync::Api', {
      Name: 'tracking-live-dev',
      EventConfig: {
        AuthProviders: [
          {
            AuthType: 'AWS_LAMBDA',
            LambdaAuthorizerConfig: { AuthorizerResultTtlInSeconds: 0, AuthorizerUri: Match.anyValue() },
          },
          { AuthType: 'AWS_IAM' },
        ],
        ConnectionAuthModes: [{ AuthType: 'AWS_LAMBDA' }],
        DefaultSubscribeAuthModes: [{ AuthType: 'AWS_LAMBDA' }],
        DefaultPublishAuthModes: [{ AuthType: 'AWS_IAM' }],
      },
    });
    // Its onSubscribe handler checks every channel against the authorizer's identity (live-subscribe-handler.ts).
    live().hasResourceProperties('AWS::AppSync::ChannelNamespace', {
      Name: 'live',
      CodeHandlers: Match.stringLikeRegexp('export function onSubscribe'),
    });
    // No API key anywhere: nobody connects, subscribes or publishes without an identity.
    live().resourceCountIs('AWS::AppSync::ApiKey', 0);
  });

  it('lets only AppSync invoke the authorizer, which knows the pool and reads the table', () => {
    live().hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'appsync.amazonaws.com',
    });
    live().hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          POWERTOOLS_SERVICE_NAME: 'live-authorizer',
          USER_POOL_ID: Match.anyValue(),
          USER_POOL_CLIENT_ID: Match.anyValue(),
          TABLE_NAME: Match.anyValue(),
        }),
      },
    });
  });

  it('grants appsync:EventPublish on the live namespace to exactly the functions that declare livePublish', () => {
    const functions = s.app.node.findAll().filter((c): c is HandlerFunction => c instanceof HandlerFunction);
    const publishers = functions.filter((fn) => fn.grants.livePublish).map((fn) => fn.node.path);
    expect(publishers.length).toBe(10);
    for (const stack of [s.pipeline, s.api]) {
      const publish = policyStatements(stack).filter((st) => [st.Action].flat().includes('appsync:EventPublish'));
      for (const statement of publish) {
        expect([statement.Action].flat()).toEqual(['appsync:EventPublish']);
        expect(JSON.stringify(statement.Resource)).toContain('/channelNamespace/live');
      }
    }
    expect(policyStatements(s.pipeline).some((st) => [st.Action].flat().includes('appsync:EventPublish'))).toBe(true);
    expect(policyStatements(s.api).some((st) => [st.Action].flat().includes('appsync:EventPublish'))).toBe(true);
    s.template(s.pipeline).hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          POWERTOOLS_SERVICE_NAME: 'pipeline-processor',
          LIVE_EVENTS_URL: Match.anyValue(),
        }),
      },
    });
    // A function that never publishes has neither the endpoint nor the grant.
    const roles = resourcesOf(s.template(s.api), 'AWS::Lambda::Function').find(
      ([, fn]) =>
        (fn.Environment as { Variables: Record<string, unknown> }).Variables.POWERTOOLS_SERVICE_NAME === 'roles',
    );
    expect(roles).toBeDefined();
    const rolesEnvironment = (roles as [string, Record<string, unknown>])[1].Environment;
    expect((rolesEnvironment as { Variables: Record<string, unknown> }).Variables.LIVE_EVENTS_URL).toBeUndefined();
  });

  it('tells the console where to connect (config.json live) and lets its CSP reach the Event API', () => {
    // config.json is written with the Event API's HTTP domain (a marker filled from the live stack's output).
    const deployment = JSON.stringify(s.template(s.webDeployment).toJSON());
    expect(deployment).toMatch(
      /"StackName":"Tracking-dev-Live","Region":\{[^}]*\},"OutputName":"\w*EventApi\w*DnsHttp/,
    );
    const csp = JSON.stringify(s.template(s.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(csp).toContain('wss://*.appsync-realtime-api.');
    expect(csp).toContain('https://*.appsync-api.');
  });
});
