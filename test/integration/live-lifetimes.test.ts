import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { itemKey } from '../../functions/lib/data/keys';
import { makeTenantContext } from '../../functions/lib/data/tenant-context';
import { withEffects } from '../../functions/lib/effects/with-effects';
import { liveAlarm } from '../../functions/lib/live/publisher';
import {
  clientChannel,
  LIVE_LEASE_MS,
  type LiveChange,
  leasedChannel,
  leaseOf,
  staffChannel,
} from '../../shared/schemas/live';
import { call, tokenOf } from '../harness/api';
import { connectLive, type LiveClient, liveBaseUrl } from '../harness/live';
import {
  addCustomerLogin,
  addTenantUser,
  createOwnTenant,
  type OwnTenant,
  removeOwnTenant,
} from '../harness/own-tenant';
import { localTable, pointProcessAtStack } from '../harness/stack';
import { decodePayload } from '../harness/tokens';

/**
 * How long an open subscription hears (docs/decisions/0309-live-subscriptions-end-with-a-five-minute-lease.md):
 * AppSync Events decides connect and subscribe, never an open subscription again, so every message goes to its
 * view's channel of the current 5-minute lease and the console subscribes again at each turn, which the
 * authorizer decides with the user's record as it is then. The attack: keep a subscription open after being
 * deactivated or moved to another customer and listen on. The messages are published by the real publisher in
 * this process through the stack's stand-in, with `Date.now` set to the moment of a lease (the stand-in and the
 * authorizer keep the real clock), so no test waits for a lease to end.
 */
let tenant: OwnTenant | undefined;
const clients: LiveClient[] = [];

beforeAll(async () => {
  pointProcessAtStack();
  Object.assign(process.env, { LIVE_ENDPOINT: `${liveBaseUrl()}/event`, LIVE_MIN_INTERVAL_MS: '0' });
  tenant = await createOwnTenant('Live lifetimes');
});
afterAll(async () => {
  for (const client of clients) client.close();
  await removeOwnTenant(tenant);
});
afterEach(() => jest.restoreAllMocks());

const ownTenant = () => {
  if (!tenant) throw new Error('no tenant');
  return tenant;
};
const connected = async (token: string) => {
  const client = connectLive(token);
  clients.push(client);
  expect((await client.opened).type).toBe('connection_ack');
  return client;
};
const refused = (answer: { type: string; errors?: { errorType: string }[] }) =>
  answer.type === 'subscribe_error' && answer.errors?.[0]?.errorType === 'UnauthorizedException';

/** An alarm change published to the tenant's staff channel and `clientId`'s, as the backend does at `now`. */
async function publishAt(now: number, id: string, clientId?: number) {
  jest.spyOn(Date, 'now').mockReturnValue(now);
  try {
    const ctx = makeTenantContext(String(ownTenant().tenantId));
    await withEffects('worker', async () => liveAlarm(ctx, { id, asset: null, ack: false }, clientId))({});
  } finally {
    jest.restoreAllMocks();
  }
}
const heard = (client: LiveClient, id: string) =>
  client.changes().some((c: LiveChange) => c.t === 'alarm' && c.id === id);

/**
 * Publishes `late` in the lease after the next one (past anything the listener may have subscribed to before it
 * was refused), then `onTime` in the lease it subscribed in; once `onTime` arrived, `late` would have arrived
 * before it on the same socket.
 */
async function lateMissedOnTimeHeard(listener: LiveClient, lease: number, clientId?: number) {
  const late = `late-${lease}-${Math.random()}`;
  const onTime = `on-time-${lease}-${Math.random()}`;
  await publishAt((lease + 2) * LIVE_LEASE_MS + 1_000, late, clientId);
  await publishAt(lease * LIVE_LEASE_MS + 1_000, onTime, clientId);
  await listener.next((m) => m.type === 'data' && heard(listener, onTime));
  expect(heard(listener, late)).toBe(false);
}

describe('live push: an open subscription hears one lease at most', () => {
  it('lets a deactivated user hear nothing past the lease they subscribed in, and refuses them the next', async () => {
    const own = ownTenant();
    const token = await tokenOf(await addTenantUser(own, ['ROLE_USER']));
    const userId = Number(decodePayload(token)['custom:user_id']);
    const staff = staffChannel(own.tenantId);
    const lease = leaseOf(Date.now());
    const listener = await connected(token);
    expect((await listener.subscribe(leasedChannel(staff, lease))).type).toBe('subscribe_success');

    const user = await call<{ name: string; version: number }>('GET', `/api/users/${userId}`, own.superAdmin);
    const off = await call('PUT', `/api/users/${userId}`, {
      ...own.superAdmin,
      body: { name: user.body.name, active: false, version: user.body.version },
    });
    expect(off.status).toBe(200);

    // Hearing on past the lease means subscribing again: refused now, in this lease and the next.
    expect(refused(await listener.subscribe(leasedChannel(staff, leaseOf(Date.now()))))).toBe(true);
    expect(refused(await listener.subscribe(leasedChannel(staff, leaseOf(Date.now()) + 1)))).toBe(true);
    await lateMissedOnTimeHeard(listener, lease);
  });

  it('lets a client user moved to another customer hear nothing of the old one past their lease', async () => {
    const own = ownTenant();
    const first = await addCustomerLogin(own, 'Live lifetimes first customer');
    const second = await addCustomerLogin(own, 'Live lifetimes second customer');
    const userId = Number(decodePayload(first.token)['custom:user_id']);
    const old = clientChannel(own.tenantId, first.customerId);
    const lease = leaseOf(Date.now());
    const listener = await connected(first.token);
    expect((await listener.subscribe(leasedChannel(old, lease))).type).toBe('subscribe_success');

    // No route moves a customer's login to another customer; the record's customer is what the authorizer reads,
    // so the move is written there, as a data repair would.
    const { client } = localTable();
    await client.send(
      new UpdateCommand({
        TableName: 'tracking',
        Key: itemKey(makeTenantContext(String(own.tenantId)), 'USER', userId),
        UpdateExpression: 'SET client_id = :client',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':client': second.customerId },
      }),
    );

    const now = leaseOf(Date.now());
    expect(refused(await listener.subscribe(leasedChannel(old, now)))).toBe(true);
    expect(refused(await listener.subscribe(leasedChannel(old, now + 1)))).toBe(true);
    const moved = clientChannel(own.tenantId, second.customerId);
    expect((await listener.subscribe(leasedChannel(moved, now))).type).toBe('subscribe_success');
    await lateMissedOnTimeHeard(listener, lease, first.customerId);
  });

  it('refuses a view’s name without a lease, an ended lease and one beyond the next', async () => {
    const listener = await connected(await tokenOf('admin'));
    const lease = leaseOf(Date.now());
    expect(refused(await listener.subscribe(`${staffChannel(1)}/l${lease - 1}`))).toBe(true);
    expect(refused(await listener.subscribe(`${staffChannel(1)}/l${lease + 2}`))).toBe(true);
    // A view's name without its lease (the harness's subscribe would add it): what a console before leases sent.
    const admin = await tokenOf('admin');
    listener.send({ type: 'subscribe', id: 'bare', channel: staffChannel(1), authorization: { Authorization: admin } });
    expect(refused(await listener.next((m) => m.id === 'bare'))).toBe(true);
  });
});
