import { Logger } from '@aws-lambda-powertools/logger';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { RawClaims } from '../lib/auth/claims';
import { authorizeLive, bareToken, type LiveOperation } from '../lib/live/authorize';

const logger = new Logger({ serviceName: 'live-authorizer' });

/** What AppSync Events hands an AWS_LAMBDA authorizer (connect, subscribe; publish is IAM only). */
export interface AppSyncEventsAuthorizerEvent {
  authorizationToken?: string;
  requestContext?: {
    apiId?: string;
    accountId?: string;
    requestId?: string;
    operation?: LiveOperation;
    channelNamespaceName?: string;
    channel?: string;
  };
  requestHeaders?: Record<string, string>;
}

export interface AppSyncEventsAuthorizerResult {
  isAuthorized: boolean;
  /** 0: AppSync must not reuse a decision, which holds for one channel only (and a token can be ended early). */
  ttlOverride: number;
}

let verifier: ReturnType<typeof CognitoJwtVerifier.create> | undefined;
const idTokenVerifier = () => {
  verifier ??= CognitoJwtVerifier.create({
    userPoolId: process.env.USER_POOL_ID ?? '',
    clientId: process.env.USER_POOL_CLIENT_ID ?? '',
    tokenUse: 'id',
  });
  return verifier;
};

/**
 * The Event API's AWS_LAMBDA authorizer: verifies the console's Cognito ID token as the HTTP API's JWT
 * authorizer does (issuer, the console's app client, expiry, ID token), then decides with the same rules the
 * local stand-in uses (functions/lib/live/authorize.ts, channel-rules.ts). Anything unexpected is a refusal.
 */
export const handler = async (event: AppSyncEventsAuthorizerEvent): Promise<AppSyncEventsAuthorizerResult> => {
  const refuse = { isAuthorized: false, ttlOverride: 0 };
  const token = bareToken(event.authorizationToken);
  const operation = event.requestContext?.operation;
  if (!token || !operation) return refuse;
  let claims: RawClaims;
  try {
    claims = (await idTokenVerifier().verify(token)) as unknown as RawClaims;
  } catch {
    return refuse;
  }
  try {
    const isAuthorized = await authorizeLive({ claims, operation, channel: event.requestContext?.channel });
    return { isAuthorized, ttlOverride: 0 };
  } catch (error) {
    logger.error('Live authorizer failed; refused', error as Error);
    return refuse;
  }
};
