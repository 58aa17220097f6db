import { type LiveIdentity, maySubscribe } from '../../functions/lib/live/channel-rules';
import { handlerContextOf } from '../../functions/triggers/live-authorizer';
import { LIVE_SUBSCRIBE_HANDLER } from '../../infra/live-subscribe-handler';
import { LIVE_LEASE_MS } from '../../shared/schemas/live';

/** Runs the APPSYNC_JS source as AppSync would: `util.unauthorized()` throws; `util.time` is AppSync's clock. */
function onSubscribe(identity: LiveIdentity, channel: string, now: number): boolean {
  const source = LIVE_SUBSCRIBE_HANDLER.replace('export function onSubscribe', 'function onSubscribe');
  const denied = new Error('Unauthorized');
  const util = {
    unauthorized: () => {
      throw denied;
    },
    time: { nowEpochMilliSeconds: () => now },
  };
  const handler = new Function('util', `${source}; return onSubscribe;`)(util) as (ctx: unknown) => void;
  const segments = channel.split('/').slice(1);
  try {
    handler({
      identity: { handlerContext: handlerContextOf(identity) },
      info: { channel: { path: channel, segments } },
    });
    return true;
  } catch (error) {
    if (error !== denied) throw error;
    return false;
  }
}

const grantedOrNot = (identity: Omit<LiveIdentity, 'readsAssets'>): LiveIdentity[] => [
  { ...identity, readsAssets: true },
  { ...identity, readsAssets: false },
];
const identities: LiveIdentity[] = [
  { tenantId: '1', userId: 7, groups: ['ROLE_ADMIN'], clientId: null },
  { tenantId: '1', userId: 9, groups: ['ROLE_CLIENT'], clientId: 3 },
  { tenantId: '1', userId: 10, groups: ['ROLE_CLIENT'], clientId: null },
  { tenantId: '1', userId: 11, groups: ['ROLE_CLIENT', 'ROLE_ADMIN'], clientId: 3 },
  { tenantId: '1', userId: 1, groups: ['ROLE_SUPER_ADMIN'], clientId: null },
  { tenantId: '2', userId: 7, groups: ['ROLE_ADMIN', 'ROLE_USER'], clientId: null },
].flatMap(grantedOrNot);
const LEASE = 5000;
const START = LEASE * LIVE_LEASE_MS;
/** Moments of a lease: its start, before and in its last minute, its last millisecond. */
const moments = [START, START + LIVE_LEASE_MS - 60_001, START + LIVE_LEASE_MS - 60_000, START + LIVE_LEASE_MS - 1];
const views = [
  '/live/t1/staff',
  '/live/t2/staff',
  '/live/t12/staff',
  '/live/t1/c3',
  '/live/t1/c4',
  '/live/t2/c3',
  '/live/t1/c0',
  '/live/t1/u7',
  '/live/t1/u9',
  '/live/t2/u7',
  '/live/t1/u07',
  '/live/*',
  '/live/t1/*',
  '/live/*/staff',
  '/default/t1/staff',
  '/live/t1/staff/x',
  '/live/t01/staff',
  '/live/t1',
  '/live/tx/staff',
  '/live/t1/cx',
];
const channels = [
  ...views.flatMap((view) => [`${view}/l${LEASE - 1}`, `${view}/l${LEASE}`, `${view}/l${LEASE + 1}`]),
  '/live/t1/staff',
  '/live/t1/u7',
  '/live/t1/staff/l05000',
  '/live/t1/staff/5000',
  '/live/t1/staff/l',
  '/live/t1/staff/l5000/x',
  '/live/t1/staff/l12345678901234',
];

describe('the live namespace’s onSubscribe handler (APPSYNC_JS)', () => {
  it('decides every identity and channel exactly as maySubscribe', () => {
    for (const identity of identities)
      for (const channel of channels)
        for (const now of moments)
          expect({ identity, channel, now, allowed: onSubscribe(identity, channel, now) }).toEqual({
            identity,
            channel,
            now,
            allowed: maySubscribe(identity, channel, now),
          });
  });

  it('refuses a subscription without the authorizer’s identity', () => {
    const source = LIVE_SUBSCRIBE_HANDLER.replace('export function onSubscribe', 'function onSubscribe');
    const util = {
      unauthorized: () => {
        throw new Error('Unauthorized');
      },
      time: { nowEpochMilliSeconds: () => START },
    };
    const handler = new Function('util', `${source}; return onSubscribe;`)(util) as (ctx: unknown) => void;
    const segments = ['live', 't1', 'staff', `l${LEASE}`];
    expect(() => handler({ identity: null, info: { channel: { segments } } })).toThrow();
  });
});
