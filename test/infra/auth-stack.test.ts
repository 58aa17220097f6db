import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { createTrackingApp } from '../../infra/tracking-app';
import { ROLES } from '../../shared/permissions';
import { createUserPoolInput } from '../../shared/user-pool';
import { FULL_CONTEXT, resourcesOf, type Synthesized, synthTracking } from './synth';

let dev: Synthesized;
let prod: Synthesized;
beforeAll(() => {
  dev = synthTracking();
  prod = synthTracking(FULL_CONTEXT);
});

describe('user pool', () => {
  it('signs in by username or e-mail, with a strong password policy, Plus tier and retention', () => {
    dev.template(dev.auth).hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        AliasAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        Policies: Match.objectLike({
          PasswordPolicy: Match.objectLike({
            MinimumLength: 12,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          }),
        }),
        MfaConfiguration: 'OPTIONAL',
        UserPoolTier: 'PLUS',
        DeletionProtection: 'ACTIVE',
      }),
    });
  });

  it('deploys exactly the settings the local pool is created with (shared/user-pool.ts, one definition)', () => {
    const local = createUserPoolInput();
    dev.template(dev.auth).hasResourceProperties('AWS::Cognito::UserPool', {
      AliasAttributes: local.AliasAttributes,
      UsernameConfiguration: local.UsernameConfiguration,
      AutoVerifiedAttributes: local.AutoVerifiedAttributes,
      Policies: Match.objectLike({ PasswordPolicy: local.Policies.PasswordPolicy }),
    });
  });

  it('has mutable custom attributes tenant, user_id and client_id (ID tokens carry custom:tenant)', () => {
    const [[, pool] = ['', {}]] = resourcesOf(dev.template(dev.auth), 'AWS::Cognito::UserPool');
    const schema = pool.Schema as { Name: string; AttributeDataType: string; Mutable: boolean }[];
    for (const name of ['tenant', 'user_id', 'client_id']) {
      expect(schema).toContainEqual(
        expect.objectContaining({ Name: name, AttributeDataType: 'String', Mutable: true }),
      );
    }
  });

  it('has exactly one group per role', () => {
    const groups = resourcesOf(dev.template(dev.auth), 'AWS::Cognito::UserPoolGroup').map(([, g]) => g.GroupName);
    expect([...groups].sort()).toEqual([...ROLES].sort());
  });

  it('has a hosted domain for the SSO code flow', () => {
    dev.template(dev.auth).resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
  });
});

describe('console app client', () => {
  it('allows USER_PASSWORD_AUTH + refresh and the authorization-code flow without a secret (PKCE)', () => {
    dev.template(dev.auth).hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      PreventUserExistenceErrors: 'ENABLED',
      SupportedIdentityProviders: ['COGNITO'],
    });
  });

  it('calls back to <console origin>/oauth', () => {
    const [[, client] = ['', {}]] = resourcesOf(prod.template(prod.auth), 'AWS::Cognito::UserPoolClient');
    expect(client.CallbackURLs).toEqual(['https://console.example.com/oauth', 'http://localhost:5173/oauth']);
    const [[, devClient] = ['', {}]] = resourcesOf(dev.template(dev.auth), 'AWS::Cognito::UserPoolClient');
    expect(JSON.stringify(devClient.CallbackURLs)).toContain(dev.web.stackName);
    expect(JSON.stringify(devClient.CallbackURLs)).toContain('/oauth');
  });

  it('reads the custom attributes but cannot write them (no self-service tenant change)', () => {
    const [[, client] = ['', {}]] = resourcesOf(dev.template(dev.auth), 'AWS::Cognito::UserPoolClient');
    expect(client.ReadAttributes).toEqual(
      expect.arrayContaining(['custom:tenant', 'custom:user_id', 'custom:client_id']),
    );
    expect((client.WriteAttributes as string[]).filter((a) => a.startsWith('custom:'))).toEqual([]);
  });
});

describe('Entra ID federation', () => {
  it('is absent without the azure context', () => {
    dev.template(dev.auth).resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });

  it('is an OIDC provider for the tenant issuer, its secret resolved from Secrets Manager', () => {
    const t = prod.template(prod.auth);
    t.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderType: 'OIDC',
      ProviderName: 'AzureEntraId',
      ProviderDetails: Match.objectLike({
        client_id: FULL_CONTEXT.azureClientId,
        client_secret: `{{resolve:secretsmanager:${FULL_CONTEXT.azureClientSecretArn}:SecretString:::}}`,
        oidc_issuer: `https://login.microsoftonline.com/${FULL_CONTEXT.azureTenantId}/v2.0`,
        authorize_scopes: 'openid email profile',
      }),
    });
    t.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', { Ref: Match.stringLikeRegexp('^AzureEntraIdProvider') }],
    });
  });

  it('refuses a partial azure configuration', () => {
    const app = new App({ context: { azureTenantId: FULL_CONTEXT.azureTenantId } });
    expect(() => createTrackingApp(app, { nag: false })).toThrow(/azureClientId/);
  });
});

describe('single sign-on pre sign-up trigger', () => {
  const triggerFunctions = (s: Synthesized) =>
    resourcesOf(s.template(s.auth), 'AWS::Lambda::Function').filter(
      ([, fn]) => (fn.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.SSO_PROVIDER_NAME,
    );

  it('is absent without federation', () => {
    expect(triggerFunctions(dev)).toHaveLength(0);
    const [[, pool] = ['', {}]] = resourcesOf(dev.template(dev.auth), 'AWS::Cognito::UserPool');
    expect(pool.LambdaConfig).toBeUndefined();
  });

  it('is the pool PreSignUp trigger with federation, knowing the provider name', () => {
    const t = prod.template(prod.auth);
    const [[id, fn] = ['', {}]] = triggerFunctions(prod);
    expect(fn).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: 5,
      Environment: { Variables: { SSO_PROVIDER_NAME: 'AzureEntraId' } },
    });
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PreSignUp: { 'Fn::GetAtt': [id, 'Arn'] } },
    });
    t.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [id, 'Arn'] },
    });
  });

  it('may list users and link providers on this pool only', () => {
    const statements = resourcesOf(prod.template(prod.auth), 'AWS::IAM::Policy').flatMap(
      ([, policy]) => (policy.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
    );
    const link = statements.find((st) => JSON.stringify(st.Action).includes('AdminLinkProviderForUser'));
    expect([link?.Action].flat().sort()).toEqual(['cognito-idp:AdminLinkProviderForUser', 'cognito-idp:ListUsers']);
    expect(link?.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^UserPool/), 'Arn'] });
  });

  it('the session handler learns the provider name only with federation', () => {
    const providerOf = (s: Synthesized) =>
      resourcesOf(s.template(s.api), 'AWS::Lambda::Function')
        .map(([, fn]) => (fn.Environment as { Variables: Record<string, unknown> }).Variables)
        // Background workers (functions/workers/) and the report job never sign anyone in.
        .filter(
          (vars) =>
            ![
              'export-worker',
              'bulk-edit-worker',
              'asset-import-worker',
              'webhook-sender',
              'reset-mailer',
              'job-report-subscriptions',
            ].includes(String(vars.POWERTOOLS_SERVICE_NAME)),
        )
        .map((vars) => vars.SSO_PROVIDER_NAME);
    expect(providerOf(dev).every((name) => name === undefined)).toBe(true);
    expect(providerOf(prod).every((name) => name !== undefined)).toBe(true);
  });
});
