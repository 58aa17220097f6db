import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { localServiceConfig } from '../local-endpoints';
import { sdkClient } from '../sdk-client';

let client: CognitoIdentityProviderClient | undefined;

export const cognito = () => {
  client ??= sdkClient(new CognitoIdentityProviderClient(localServiceConfig('COGNITO_ENDPOINT')));
  return client;
};

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
export const userPoolId = () => required('USER_POOL_ID');
export const userPoolClientId = () => required('USER_POOL_CLIENT_ID');
