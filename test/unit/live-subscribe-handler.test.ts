import { type LiveIdentity, maySubscribe } from '../../functions/lib/live/channel-rules';
import { handlerContextOf } from '../../functions/triggers/live-authorizer';
import { LIVE_SUBSCRIBE_HANDLER } from '../../infra/live-subscribe-handler';

/** Runs the APPSYNC_JS source as AppSync would: `util.unauthorized()` throws. */
function onSubscribe(identity: LiveIdentity, channel: string): boolean {
  const source = LIVE_SUBSCRIBE_HANDLER.replace('export function onSubscribe', 'function onSubscribe');
  const denied = new Error('Unauthorized');
  const util = {
    unauthorized: () => {
      throw denied;
    },
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
const channels = [
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

describe('the live namespace’s onSubscribe handler (APPSYNC_JS)', () => {
  it('decides every identity and channel exactly as maySubscribe', () => {
    for (const identity of identities)
      for (const channel of channels)
        expect({ identity, channel, allowed: onSubscribe(identity, channel) }).toEqual({
          identity,
          channel,
          allowed: maySubscribe(identity, channel),
        });
  });

  it('refuses a subscription without the authorizer’s identity', () => {
    const source = LIVE_SUBSCRIBE_HANDLER.replace('export function onSubscribe', 'function onSubscribe');
    const util = {
      unauthorized: () => {
        throw new Error('Unauthorized');
      },
    };
    const handler = new Function('util', `${source}; return onSubscribe;`)(util) as (ctx: unknown) => void;
    expect(() => handler({ identity: null, info: { channel: { segments: ['live', 't1', 'staff'] } } })).toThrow();
  });
});
