import { Logger } from '@aws-lambda-powertools/logger';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { RawClaims } from '../lib/auth/claims';
import { withEffects } from '../lib/effects/with-effects';
import { bareToken, type LiveOperation, liveIdentityOf } from '../lib/live/authorize';
import { type LiveIdentity, maySubscribe } from '../lib/live/channel-rules';

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
  /** The identity the namespace's onSubscribe handler checks each channel against (infra/live-subscribe-handler.ts). */
  handlerContext?: Record<string, string>;
}

/** The identity as strings, for the onSubscribe handler (`ctx.identity.handlerContext`). */
export const handlerContextOf = (identity: LiveIdentity): Record<string, string> => ({
  tenant: identity.tenantId,
  user: String(identity.userId),
  groups: identity.groups.join(','),
  client: identity.clientId === null ? '' : String(identity.clientId),
  assets: identity.readsAssets ? 'yes' : '',
});

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
async function authorize(event: AppSyncEventsAuthorizerEvent): Promise<AppSyncEventsAuthorizerResult> {
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
    // Refused outright: publishing with a user's token, or a token of nobody current (authorize.ts).
    if (operation === 'EVENT_PUBLISH') return refuse;
    const identity = await liveIdentityOf(claims);
    if (!identity) return refuse;
    // A subscribe that names its channel is decided here too; the namespace's onSubscribe handler decides every
    // subscribe again from handlerContext, so the rule holds whichever of the two AppSync hands the channel to.
    const channel = event.requestContext?.channel;
    if (operation === 'EVENT_SUBSCRIBE' && channel !== undefined && !maySubscribe(identity, channel)) return refuse;
    return { isAuthorized: true, ttlOverride: 0, handlerContext: handlerContextOf(identity) };
  } catch (error) {
    logger.error('Live authorizer failed; refused', error as Error);
    return refuse;
  }
}

/** Through the one wrapper of every Lambda (functions/lib/effects/), though deciding queues nothing. */
export const handler = withEffects('authorizer', authorize);
