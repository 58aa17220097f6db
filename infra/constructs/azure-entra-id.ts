import { SecretValue } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { AzureFederationConfig } from '../config';

export interface AzureEntraIdProviderProps extends AzureFederationConfig {
  userPool: cognito.IUserPool;
}

/**
 * Entra ID as an OIDC identity provider of the pool. Single-tenant: Entra's multi-tenant `common` issuer fails
 * Cognito's issuer check, so each customer directory needs its own provider. Endpoints are set explicitly
 * because discovery against Entra is unreliable. The client secret stays in Secrets Manager; CloudFormation
 * resolves it at deploy time through a dynamic reference, so it never appears in the template.
 */
export class AzureEntraIdProvider extends Construct {
  readonly provider: cognito.UserPoolIdentityProviderOidc;

  constructor(scope: Construct, id: string, props: AzureEntraIdProviderProps) {
    super(scope, id);
    const login = `https://login.microsoftonline.com/${props.tenantId}`;
    const secret = SecretValue.secretsManager(props.clientSecretArn, { jsonField: props.clientSecretJsonField });

    this.provider = new cognito.UserPoolIdentityProviderOidc(this, 'Provider', {
      userPool: props.userPool,
      name: props.providerName,
      clientId: props.clientId,
      clientSecret: secret.unsafeUnwrap(),
      issuerUrl: `${login}/v2.0`,
      scopes: ['openid', 'email', 'profile'],
      attributeRequestMethod: cognito.OidcAttributeRequestMethod.GET,
      endpoints: {
        authorization: `${login}/oauth2/v2.0/authorize`,
        token: `${login}/oauth2/v2.0/token`,
        userInfo: 'https://graph.microsoft.com/oidc/userinfo',
        jwksUri: `${login}/discovery/v2.0/keys`,
      },
      attributeMapping: {
        email: cognito.ProviderAttribute.other('email'),
        fullname: cognito.ProviderAttribute.other('name'),
        givenName: cognito.ProviderAttribute.other('given_name'),
        familyName: cognito.ProviderAttribute.other('family_name'),
      },
    });
  }
}
