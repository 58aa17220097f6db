import { LIVE_LEASE_EARLY_MS, LIVE_LEASE_MS } from '../shared/schemas/live';

/**
 * The `live` namespace's onSubscribe handler (APPSYNC_JS), the channel rule as AppSync Events applies it per
 * subscription with the identity the Lambda authorizer returned (`handlerContext`: tenant, user, groups, client,
 * assets;
 * functions/triggers/live-authorizer.ts). The same rule as functions/lib/live/channel-rules.ts `maySubscribe`:
 * test/unit/live-subscribe-handler.test.ts runs this source against it for every identity and channel shape.
 * Written without regular expressions (APPSYNC_JS supports a subset of JavaScript). The lease segment is checked
 * against the service's clock (`util.time.nowEpochMilliSeconds()`), the lengths written in from shared/schemas/live.ts.
 */
export const LIVE_SUBSCRIBE_HANDLER = `
function isNumberSegment(text, prefix, digits) {
  const most = (digits || 10) + 1;
  if (typeof text !== 'string' || text.length < 2 || text.length > most || text.charAt(0) !== prefix) return false;
  if (text.charAt(1) === '0') return false;
  return text.slice(1).split('').every((c) => c >= '0' && c <= '9');
}
function leaseOpen(segment, now) {
  if (!isNumberSegment(segment, 'l', 13)) return false;
  const lease = Number(segment.slice(1));
  const current = Math.floor(now / ${LIVE_LEASE_MS});
  return lease === current || (lease === current + 1 && (current + 1) * ${LIVE_LEASE_MS} - now <= ${LIVE_LEASE_EARLY_MS});
}
function allowed(identity, segments, now) {
  if (!segments || segments.length !== 4 || segments[0] !== 'live' || !isNumberSegment(segments[1], 't')) return false;
  if (!leaseOpen(segments[3], now)) return false;
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
  if (!identity.tenant || !allowed(identity, ctx.info.channel.segments, util.time.nowEpochMilliSeconds()))
    util.unauthorized();
}
`;
