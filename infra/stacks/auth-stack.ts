import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ROLES } from '../../shared/permissions';
import { USER_POOL_SETTINGS } from '../../shared/user-pool';
import type { AzureFederationConfig } from '../config';
import { AzureEntraIdProvider } from '../constructs/azure-entra-id';
import { PreSignUpTrigger } from '../constructs/pre-sign-up-trigger';
import { acknowledge } from '../nag';

export interface AuthStackProps extends StackProps {
  /** Console origins; each gets <origin>/oauth as OAuth callback. The first is the primary one. */
  consoleOrigins: string[];
  cognitoDomainPrefix: string;
  stage: string;
  threatProtection: 'AUDIT' | 'ENFORCED';
  azure?: AzureFederationConfig;
  /** Log retention of the pre sign-up trigger (default three months, as the handlers' default). */
  logRetention?: RetentionDays;
}

/**
 * Cognito: one user pool (username or e-mail sign-in, custom:tenant on every user), one group per role, the
 * console's public app client, the hosted domain for the SSO code flow and, when configured, Entra ID (OIDC).
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** App client through which API credentials get their 15-minute ID tokens (functions/lib/api-tokens/). */
  readonly apiClientsClient: cognito.UserPoolClient;
  readonly domain: cognito.UserPoolDomain;
  /** Name of the Entra ID identity provider, when federation is configured. */
  readonly ssoProviderName?: string;
  /** The console tenant of the Entra ID directory, when federation is configured. */
  readonly ssoTenantId?: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      // Aliases, case sensitivity and password policy from shared/user-pool.ts, which the local pool uses too.
      signInAliases: { ...USER_POOL_SETTINGS.signInAliases },
      signInCaseSensitive: USER_POOL_SETTINGS.signInCaseSensitive,
      autoVerify: { email: true },
      standardAttributes: { email: { required: false, mutable: true }, fullname: { required: false, mutable: true } },
      // Custom attributes cannot be changed or removed once deployed: keep them unconstrained, as locally.
      // custom:tenant and custom:user_id are on every user (functions/lib/auth/claims.ts reads both from the ID
      // token); custom:client_id only on client users.
      customAttributes: {
        tenant: new cognito.StringAttribute({ mutable: true }),
        user_id: new cognito.StringAttribute({ mutable: true }),
        client_id: new cognito.StringAttribute({ mutable: true }),
      },
      passwordPolicy: {
        minLength: USER_POOL_SETTINGS.passwordPolicy.minLength,
        requireLowercase: USER_POOL_SETTINGS.passwordPolicy.requireLowercase,
        requireUppercase: USER_POOL_SETTINGS.passwordPolicy.requireUppercase,
        requireDigits: USER_POOL_SETTINGS.passwordPolicy.requireDigits,
        requireSymbols: USER_POOL_SETTINGS.passwordPolicy.requireSymbols,
        tempPasswordValidity: Duration.days(USER_POOL_SETTINGS.passwordPolicy.tempPasswordValidityDays),
      },
      mfa: USER_POOL_SETTINGS.mfa === 'OPTIONAL' ? cognito.Mfa.OPTIONAL : cognito.Mfa.OFF,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode:
        props.threatProtection === 'ENFORCED'
          ? cognito.StandardThreatProtectionMode.FULL_FUNCTION
          : cognito.StandardThreatProtectionMode.AUDIT_ONLY,
      customThreatProtectionMode:
        props.threatProtection === 'ENFORCED'
          ? cognito.CustomThreatProtectionMode.FULL_FUNCTION
          : cognito.CustomThreatProtectionMode.AUDIT_ONLY,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.userPool,
      'MFA is optional (TOTP) by product decision: the specified sign-in screen has no second step, SSO users ' +
        'get MFA from Entra ID, and the Plus-tier threat protection covers password sign-ins.',
      'AwsSolutions-COG2',
    );

    ROLES.forEach((role, precedence) => {
      new cognito.CfnUserPoolGroup(this, `Group${role}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: role,
        precedence,
        description: `Console role ${role}`,
      });
    });

    this.domain = this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: `${props.cognitoDomainPrefix}-${props.stage}-${this.account}` },
    });

    const azure = props.azure
      ? new AzureEntraIdProvider(this, 'AzureEntraId', { ...props.azure, userPool: this.userPool })
      : undefined;
    this.ssoProviderName = azure?.provider.providerName;
    this.ssoTenantId = props.azure?.consoleTenantId;
    // Only with federation: links a first Entra ID sign-in to the console user with that e-mail (no other
    // sign-up path needs it, and every admin-created user would otherwise pass through it).
    if (props.azure) {
      new PreSignUpTrigger(this, 'PreSignUp', {
        userPool: this.userPool,
        providerName: props.azure.providerName,
        consoleTenantId: props.azure.consoleTenantId,
        verifiedDomains: props.azure.verifiedDomains,
        logRetention: props.logRetention ?? RetentionDays.THREE_MONTHS,
      });
    }

    const readable = new cognito.ClientAttributes()
      .withStandardAttributes({ email: true, emailVerified: true, fullname: true, givenName: true, familyName: true })
      .withCustomAttributes('tenant', 'user_id', 'client_id');
    // Writable is only what federation maps; the custom attributes are set by admin calls alone, so a user cannot
    // move to another tenant or identity with their own access token.
    const writable = new cognito.ClientAttributes().withStandardAttributes({
      email: true,
      fullname: true,
      givenName: true,
      familyName: true,
    });

    this.userPoolClient = this.userPool.addClient('ConsoleClient', {
      generateSecret: false,
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes: readable,
      writeAttributes: writable,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls: props.consoleOrigins.map((origin) => `${origin}/oauth`),
        logoutUrls: props.consoleOrigins.map((origin) => `${origin}/sign-in`),
      },
      supportedIdentityProviders: [
        cognito.UserPoolClientIdentityProvider.COGNITO,
        ...(azure ? [cognito.UserPoolClientIdentityProvider.custom(azure.provider.providerName)] : []),
      ],
    });
    if (azure) this.userPoolClient.node.addDependency(azure.provider);

    // API credentials: a hidden user per credential signs in here with its client secret (docs/decisions/0068).
    this.apiClientsClient = this.userPool.addClient('ApiClientsClient', {
      generateSecret: false,
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(15),
      idTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.minutes(60),
      readAttributes: readable,
      writeAttributes: new cognito.ClientAttributes(),
      disableOAuth: true,
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'ApiClientsClientId', { value: this.apiClientsClient.userPoolClientId });
    new CfnOutput(this, 'CognitoDomain', { value: this.domain.baseUrl() });
  }
}
