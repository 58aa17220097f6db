import { readSsoConfig } from '../../functions/lib/auth/sso-config';
import { s256 } from '../../functions/lib/auth/sso-state';

const AWS_ENV = {
  COGNITO_DOMAIN: 'https://tracking-console-prod-1.auth.eu-west-1.amazoncognito.com/',
  SSO_PROVIDER_NAME: 'AzureEntraId',
  USER_POOL_CLIENT_ID: 'client123',
  USER_POOL_ID: 'eu-west-1_Abc',
  AWS_REGION: 'eu-west-1',
  CONSOLE_ORIGIN: 'https://console.example.com',
  SSO_TENANT_ID: '3',
};

describe('single sign-on configuration', () => {
  it('on AWS trusts ID tokens of the user pool and calls back to the console /oauth', () => {
    expect(readSsoConfig(AWS_ENV)).toEqual({
      domainUrl: 'https://tracking-console-prod-1.auth.eu-west-1.amazoncognito.com',
      providerName: 'AzureEntraId',
      clientId: 'client123',
      redirectUri: 'https://console.example.com/oauth',
      issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Abc',
      jwksUri: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Abc/.well-known/jwks.json',
      tenantId: '3',
    });
  });

  it('locally trusts the stand-in issuer given by SSO_TOKEN_ISSUER', () => {
    const local = readSsoConfig({ ...AWS_ENV, SSO_TOKEN_ISSUER: 'http://127.0.0.1:4012' });
    expect(local).toMatchObject({
      issuer: 'http://127.0.0.1:4012',
      jwksUri: 'http://127.0.0.1:4012/.well-known/jwks.json',
    });
  });

  it.each(['SSO_PROVIDER_NAME', 'COGNITO_DOMAIN', 'CONSOLE_ORIGIN', 'SSO_TENANT_ID'])(
    'is absent without %s',
    (name) => {
      expect(readSsoConfig({ ...AWS_ENV, [name]: '' })).toBeUndefined();
    },
  );
});

it('PKCE S256 challenge is the unpadded base64url SHA-256 of the verifier', () => {
  // SHA-256("abc") = ba7816bf…f20015ad (FIPS 180-2 example).
  expect(s256('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
});
