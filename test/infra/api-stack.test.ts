import { Match } from 'aws-cdk-lib/assertions';
import { grantsOf } from '../../infra/handler-grants';
import { API_STAGE_THROTTLE } from '../../infra/stacks/api-stack';
import { HANDLER_MODULES, ROUTES, routeKey } from '../../shared/routes';
import { FULL_CONTEXT, resourcesOf, type Synthesized, synthTracking } from './synth';

type Props = Record<string, unknown>;

let s: Synthesized;
beforeAll(() => {
  s = synthTracking(FULL_CONTEXT);
});

const api = () => s.template(s.api);
const functions = () => resourcesOf(api(), 'AWS::Lambda::Function');
const moduleOf = (fn: Props) =>
  ((fn.Environment as { Variables: Record<string, unknown> }).Variables.POWERTOOLS_SERVICE_NAME as string) ?? '';
/** Background workers (functions/workers/), deployed beside the HTTP handlers. */
// The report job is made here for the distribution's address its mails link to (infra/stacks/api-stack.ts).
const WORKERS = ['export-worker', 'webhook-sender', 'reset-mailer', 'job-report-subscriptions'];
const httpHandlers = () => functions().filter(([, fn]) => !WORKERS.includes(moduleOf(fn)));
const workerOf = (name: string) => functions().find(([, fn]) => moduleOf(fn) === name) as [string, Props];

describe('handlers', () => {
  it('one Node.js 22 arm64 function per handler module and worker, traced', () => {
    expect(
      functions()
        .map(([, fn]) => moduleOf(fn))
        .sort(),
    ).toEqual([...HANDLER_MODULES, ...WORKERS].sort());
    for (const [, fn] of functions()) {
      expect(fn.Runtime).toBe('nodejs22.x');
      expect(fn.Architectures).toEqual(['arm64']);
      expect(fn.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.LoggingConfig).toEqual({ LogGroup: { Ref: expect.any(String) } });
    }
  });

  it('get the data, user pool and source-map environment', () => {
    for (const [, fn] of httpHandlers()) {
      const vars = (fn.Environment as { Variables: Props }).Variables;
      for (const name of ['TABLE_NAME', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'COGNITO_DOMAIN']) {
        expect(vars[name]).toBeDefined();
      }
      // The bucket's name only where the declaration grants a piece of it (infra/handler-grants.ts).
      const s3 = grantsOf(moduleOf(fn)).data.some((piece) => !piece.startsWith('table-'));
      expect(vars.ATTACHMENTS_BUCKET === undefined).toBe(!s3);
      expect(vars.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(vars.CONSOLE_ORIGIN).toBe('https://console.example.com');
    }
  });

  it('give only the KPN Things handlers (settings, webhook) the data key secret, read through the secrets extension', () => {
    // The other secret is the API distribution's origin header, resolved at deploy (edge-protection.test.ts).
    const secrets = resourcesOf(api(), 'AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('KpnDataKey'));
    expect(secrets).toHaveLength(1);
    const [secretId, secret] = secrets[0] as [string, Props];
    expect(secret.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    for (const [, fn] of functions()) {
      const vars = (fn.Environment as { Variables: Props }).Variables;
      // Webhook signing secrets are encrypted with the same key: the webhooks API and the sender.
      const isKpn = ['kpn-things', 'device-uplinks', 'webhooks', 'webhook-sender'].includes(moduleOf(fn) as string);
      expect(vars.KPN_DATA_KEY_SECRET_ID === undefined).toBe(!isKpn);
      if (!isKpn) continue;
      expect(vars.KPN_DATA_KEY_SECRET_ID).toEqual({ Ref: secretId });
      expect(JSON.stringify(fn.Layers)).toMatch(/paramsandsecrets/i);
      expect(vars.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT).toBe('2773');
    }
    const readers = resourcesOf(api(), 'AWS::IAM::Policy').filter(([, policy]) =>
      JSON.stringify(policy.PolicyDocument).includes('secretsmanager:GetSecretValue'),
    );
    // The four above and the Web Push handler (the VAPID pair, below).
    expect(readers).toHaveLength(5);
  });

  it('give only the Web Push handler the VAPID key secret, read through the secrets extension', () => {
    const secrets = resourcesOf(api(), 'AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('VapidKeys'));
    expect(secrets).toHaveLength(1);
    const [secretId] = secrets[0] as [string, Props];
    for (const [, fn] of functions()) {
      const vars = (fn.Environment as { Variables: Props }).Variables;
      const isWebPush = moduleOf(fn) === 'web-push';
      expect(vars.VAPID_KEYS_SECRET_ID === undefined).toBe(!isWebPush);
      if (!isWebPush) continue;
      expect(vars.VAPID_KEYS_SECRET_ID).toEqual({ Ref: secretId });
      expect(JSON.stringify(fn.Layers)).toMatch(/paramsandsecrets/i);
    }
  });

  it('may use the pool (its declared actions on its ARN only) and the data access policies', () => {
    // What each role holds exactly is test/infra/handler-grants.test.ts; here: the pool ARN, the data stack.
    const policies = resourcesOf(api(), 'AWS::IAM::Policy').filter(
      ([id]) =>
        !id.startsWith('Worker') &&
        !id.startsWith('WebhookSender') &&
        !id.startsWith('ResetMailer') &&
        !id.startsWith('ReportSubscriptions'),
    );
    expect(policies).toHaveLength(HANDLER_MODULES.length);
    for (const [, policy] of policies) {
      const statements = (policy.PolicyDocument as { Statement: { Action: string[]; Resource: unknown }[] }).Statement;
      const cognito = statements.find((st) => JSON.stringify(st.Action).includes('cognito-idp:'));
      if (cognito) expect(JSON.stringify(cognito.Resource)).toContain(s.auth.stackName);
    }
    // The report job's schedule has a role of its own that only invokes the job (scheduled-job.ts).
    for (const [, role] of resourcesOf(api(), 'AWS::IAM::Role').filter(([id]) => !id.includes('Scheduler'))) {
      expect(JSON.stringify(role.ManagedPolicyArns)).toContain(s.data.stackName);
    }
  });
});

describe('export worker', () => {
  it('runs up to 15 minutes without retries, without the user pool', () => {
    const [id, worker] = workerOf('export-worker');
    expect(worker.Timeout).toBe(900);
    expect(worker.MemorySize).toBe(1024);
    const vars = (worker.Environment as { Variables: Props }).Variables;
    expect(vars.TABLE_NAME).toBeDefined();
    expect(vars.USER_POOL_ID).toBeUndefined();
    api().hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: id },
      MaximumRetryAttempts: 0,
    });
    const workerPolicy = resourcesOf(api(), 'AWS::IAM::Policy').find(([policyId]) => policyId.startsWith('Worker'));
    expect(JSON.stringify(workerPolicy?.[1].PolicyDocument)).not.toContain('cognito-idp:');
  });

  it('is invoked, on its own ARN only, by the handlers that start exports', () => {
    const [id] = workerOf('export-worker');
    // The report job's schedule invokes the job, not the worker (infra/constructs/scheduled-job.ts).
    const invokers = resourcesOf(api(), 'AWS::IAM::Policy').filter(
      ([policyId, policy]) =>
        !policyId.startsWith('ReportSubscriptionsScheduler') &&
        JSON.stringify(policy.PolicyDocument).includes('lambda:InvokeFunction'),
    );
    expect(invokers.map(([policyId]) => policyId.replace(/RoleDefaultPolicy.*$/, '')).sort()).toEqual([
      'Handlerassets',
      'Handlerbilling', // the loan-days module, under its deployed name (infra/deployed-names.ts)
      'Handlerdevices',
      'Handlerzonevisits',
    ]);
    for (const [, policy] of invokers) {
      const statements = (policy.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement;
      const invoke = statements.find((st) => st.Action === 'lambda:InvokeFunction');
      expect(invoke?.Resource).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
    }
    for (const [, fn] of httpHandlers()) {
      const vars = (fn.Environment as { Variables: Props }).Variables;
      expect(vars.EXPORT_WORKER_FUNCTION === undefined).toBe(
        !['assets', 'loan-days', 'devices', 'zone-visits'].includes(moduleOf(fn)),
      );
    }
  });
});

describe('routes', () => {
  const routes = () => resourcesOf(api(), 'AWS::ApiGatewayV2::Route');
  const authorizerId = () => Object.keys(api().findResources('AWS::ApiGatewayV2::Authorizer'))[0];

  it('one route per route-table entry', () => {
    expect(
      routes()
        .map(([, r]) => r.RouteKey)
        .sort(),
    ).toEqual(ROUTES.map(routeKey).sort());
  });

  it('the JWT authorizer exactly on non-public routes', () => {
    const byKey = new Map(routes().map(([, r]) => [r.RouteKey as string, r]));
    for (const route of ROUTES) {
      const r = byKey.get(routeKey(route)) as Props;
      if (route.access === 'public') {
        expect({ key: routeKey(route), type: r.AuthorizationType, id: r.AuthorizerId }).toEqual({
          key: routeKey(route),
          type: 'NONE',
          id: undefined,
        });
      } else {
        expect({ key: routeKey(route), type: r.AuthorizationType, id: r.AuthorizerId }).toEqual({
          key: routeKey(route),
          type: 'JWT',
          id: { Ref: authorizerId() },
        });
      }
    }
  });

  it('each route integrates with the function of its handler module', () => {
    const integrations = new Map(resourcesOf(api(), 'AWS::ApiGatewayV2::Integration'));
    const moduleByFunctionId = new Map(functions().map(([id, fn]) => [id, moduleOf(fn)]));
    for (const [, r] of routes()) {
      const integrationId = JSON.stringify(r.Target).match(/"Ref":"([^"]+)"/)?.[1] as string;
      const uri = integrations.get(integrationId)?.IntegrationUri as { 'Fn::GetAtt': [string, string] };
      const route = ROUTES.find((x) => routeKey(x) === r.RouteKey);
      expect({ key: r.RouteKey, module: moduleByFunctionId.get(uri['Fn::GetAtt'][0]) }).toEqual({
        key: r.RouteKey,
        module: route?.handler,
      });
    }
  });

  it('the authorizer checks Cognito ID tokens of the console and API-credential app clients', () => {
    const [[, authorizer] = ['', {}]] = resourcesOf(api(), 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizer.AuthorizerType).toBe('JWT');
    expect(authorizer.IdentitySource).toEqual(['$request.header.Authorization']);
    const jwt = authorizer.JwtConfiguration as { Issuer: unknown; Audience: unknown[] };
    expect(JSON.stringify(jwt.Issuer)).toMatch(new RegExp(`${s.auth.stackName}.*UserPool.*ProviderURL`));
    // The console's app client and the API credentials' one (docs/decisions/0068).
    expect(jwt.Audience).toHaveLength(2);
    expect(JSON.stringify(jwt.Audience[0])).toMatch(new RegExp(`${s.auth.stackName}.*ConsoleClient`));
    expect(JSON.stringify(jwt.Audience[1])).toMatch(new RegExp(`${s.auth.stackName}.*ApiClientsClient`));
  });
});

describe('HTTP API', () => {
  it('allows the console origins by CORS, with the tenant header', () => {
    api().hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['https://console.example.com', 'http://localhost:5173'],
        AllowHeaders: Match.arrayWith(['authorization', 'content-type', 'x-tenant-id']),
      }),
    });
  });

  it('logs every request on the $default stage and throttles it', () => {
    api().hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
      DefaultRouteSettings: {
        ThrottlingRateLimit: API_STAGE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: API_STAGE_THROTTLE.burstLimit,
      },
    });
  });

  it('alarms to the operator e-mail when alarmEmail is set', () => {
    api().hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: FULL_CONTEXT.alarmEmail });
    // Handler errors, worker errors, API 5xx and the depth of the export worker's failure queue; the
    // uplink queue's age and the rejection rate (test/infra/operations-dashboard.test.ts).
    api().resourceCountIs('AWS::CloudWatch::Alarm', HANDLER_MODULES.length + WORKERS.length + 4);
  });
});
