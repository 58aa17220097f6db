import { type LiveIdentity, maySubscribe as mayAt } from '../../functions/lib/live/channel-rules';
import {
  clientChannel,
  isAppSyncChannel,
  LIVE_LEASE_MS,
  leasedChannel,
  parseLiveChannel,
  staffChannel,
  userChannel,
} from '../../shared/schemas/live';

/** A moment 2 minutes into lease 5000 (the lease rule has its own tests below). */
const LEASE = 5000;
const NOW = LEASE * LIVE_LEASE_MS + 120_000;
/** The channel rules for a view's channel of the current lease, as the console subscribes. */
const maySubscribe = (identity: LiveIdentity, channel: string) =>
  mayAt(identity, parseLiveChannel(channel) ? leasedChannel(channel, LEASE) : channel, NOW);

const staff: LiveIdentity = { tenantId: '1', userId: 7, groups: ['ROLE_ADMIN'], clientId: null, readsAssets: true };
const client: LiveIdentity = { tenantId: '1', userId: 9, groups: ['ROLE_CLIENT'], clientId: 3, readsAssets: true };
const superAdmin: LiveIdentity = {
  tenantId: '1',
  userId: 1,
  groups: ['ROLE_SUPER_ADMIN'],
  clientId: null,
  readsAssets: true,
};

describe('live channel rules (who may subscribe where)', () => {
  it('gives staff their tenant’s staff channel and nothing of another tenant', () => {
    expect(maySubscribe(staff, staffChannel(1))).toBe(true);
    expect(maySubscribe(staff, staffChannel(2))).toBe(false);
    expect(maySubscribe(staff, clientChannel(1, 3))).toBe(false);
  });

  it('gives a client user only their own customer’s channel', () => {
    expect(maySubscribe(client, clientChannel(1, 3))).toBe(true);
    expect(maySubscribe(client, clientChannel(1, 4))).toBe(false);
    expect(maySubscribe(client, clientChannel(2, 3))).toBe(false);
    expect(maySubscribe(client, staffChannel(1))).toBe(false);
    expect(maySubscribe({ ...client, clientId: null }, clientChannel(1, 3))).toBe(false);
    // A client user who also holds a staff role still gets the client view (as the API's asset views).
    expect(maySubscribe({ ...client, groups: ['ROLE_CLIENT', 'ROLE_ADMIN'] }, staffChannel(1))).toBe(false);
  });

  it('gives the staff and customer channels only while the roles grant reading assets or the map', () => {
    expect(maySubscribe({ ...staff, readsAssets: false }, staffChannel(1))).toBe(false);
    expect(maySubscribe({ ...client, readsAssets: false }, clientChannel(1, 3))).toBe(false);
    expect(maySubscribe({ ...staff, readsAssets: false }, userChannel(1, 7))).toBe(true);
  });

  it('lets a super admin follow any tenant’s staff channel, never a customer channel of another tenant', () => {
    expect(maySubscribe(superAdmin, staffChannel(2))).toBe(true);
    expect(maySubscribe(superAdmin, clientChannel(2, 3))).toBe(false);
    expect(maySubscribe(superAdmin, userChannel(2, 1))).toBe(false);
  });

  it('gives everybody their own user channel only', () => {
    expect(maySubscribe(staff, userChannel(1, 7))).toBe(true);
    expect(maySubscribe(client, userChannel(1, 9))).toBe(true);
    expect(maySubscribe(staff, userChannel(1, 8))).toBe(false);
    expect(maySubscribe(staff, userChannel(2, 7))).toBe(false);
  });

  it('refuses wildcards, other namespaces and names that are not ours', () => {
    for (const path of [
      '/live/*',
      '/live/t1/*',
      '/default/t1/staff',
      '/live/t01/staff',
      '/live/t1/staff/x',
      '/live/t1/c0',
      'live/t1/staff',
      '',
    ]) {
      expect(maySubscribe(superAdmin, path)).toBe(false);
      expect(parseLiveChannel(path)).toBeUndefined();
    }
  });

  it('gives a channel only in the current lease, or the next one in the current one’s last minute', () => {
    const start = LEASE * LIVE_LEASE_MS;
    const staffIn = (lease: number, now: number) => mayAt(staff, leasedChannel(staffChannel(1), lease), now);
    expect(staffIn(LEASE, start)).toBe(true);
    expect(staffIn(LEASE, start + LIVE_LEASE_MS - 1)).toBe(true);
    // An ended lease and the logical name: a subscription that no message would reach, or that outlives its lease.
    expect(staffIn(LEASE - 1, start)).toBe(false);
    expect(mayAt(staff, staffChannel(1), start)).toBe(false);
    // The next lease: not before the current one's last minute, from then on.
    expect(staffIn(LEASE + 1, start + LIVE_LEASE_MS - 60_001)).toBe(false);
    expect(staffIn(LEASE + 1, start + LIVE_LEASE_MS - 60_000)).toBe(true);
    expect(staffIn(LEASE + 2, start + LIVE_LEASE_MS - 1)).toBe(false);
    expect(parseLiveChannel(leasedChannel(clientChannel(1, 3), LEASE))).toEqual({
      kind: 'client',
      tenantId: '1',
      clientId: 3,
      lease: LEASE,
    });
    for (const path of ['/live/t1/staff/l0', '/live/t1/staff/l05000', '/live/t1/staff/5000', '/live/t1/staff/l5000/x'])
      expect(mayAt(superAdmin, path, start)).toBe(false);
  });

  it('knows AppSync’s channel name rule', () => {
    expect(isAppSyncChannel('/live/t1/staff')).toBe(true);
    expect(isAppSyncChannel('/a/b/c/d/e')).toBe(true);
    expect(isAppSyncChannel('/a/b/c/d/e/f')).toBe(false);
    expect(isAppSyncChannel(`/live/${'x'.repeat(51)}`)).toBe(false);
    expect(isAppSyncChannel('/live/t_1')).toBe(false);
    expect(isAppSyncChannel('/live/*')).toBe(false);
    expect(isAppSyncChannel('/live/*', true)).toBe(true);
    expect(isAppSyncChannel('/*', true)).toBe(false);
  });
});
