/**
 * The `live` namespace's onSubscribe handler (APPSYNC_JS), the channel rule as AppSync Events applies it per
 * subscription with the identity the Lambda authorizer returned (`handlerContext`: tenant, user, groups, client,
 * assets;
 * functions/triggers/live-authorizer.ts). The same rule as functions/lib/live/channel-rules.ts `maySubscribe`:
 * test/unit/live-subscribe-handler.test.ts runs this source against it for every identity and channel shape.
 * Written without regular expressions (APPSYNC_JS supports a subset of JavaScript).
 */
export const LIVE_SUBSCRIBE_HANDLER = `
function isNumberSegment(text, prefix) {
  if (typeof text !== 'string' || text.length < 2 || text.length > 11 || text.charAt(0) !== prefix) return false;
  if (text.charAt(1) === '0') return false;
  return text.slice(1).split('').every((c) => c >= '0' && c <= '9');
}
function allowed(identity, segments) {
  if (!segments || segments.length !== 3 || segments[0] !== 'live' || !isNumberSegment(segments[1], 't')) return false;
  const groups = (identity.groups || '').split(',');
  const isClient = groups.indexOf('ROLE_CLIENT') >= 0;
  const ownTenant = segments[1] === 't' + identity.tenant;
  const last = segments[2];
  const readsAssets = identity.assets === 'yes';
  if (last === 'staff') return readsAssets && !isClient && (ownTenant || groups.indexOf('ROLE_SUPER_ADMIN') >= 0);
  if (isNumberSegment(last, 'u')) return ownTenant && last === 'u' + identity.user;
  if (isNumberSegment(last, 'c'))
    return readsAssets && ownTenant && isClient && !!identity.client && last === 'c' + identity.client;
  return false;
}
export function onSubscribe(ctx) {
  const identity = (ctx.identity && ctx.identity.handlerContext) || {};
  if (!identity.tenant || !allowed(identity, ctx.info.channel.segments)) util.unauthorized();
}
`;
