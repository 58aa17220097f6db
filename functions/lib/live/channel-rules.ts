import { leaseOpen, parseLiveChannel } from '../../../shared/schemas/live';

/** Who asks to subscribe: what a verified ID token and the user's record say. */
export interface LiveIdentity {
  /** The user's own tenant (the token's custom:tenant). */
  tenantId: string;
  userId: number;
  groups: string[];
  /** The customer of a client user (their user record's client_id); null for everybody else or none set. */
  clientId: number | null;
  /**
   * Whether the user's roles grant asset reading or the asset map (LIVE_ASSET_PERMISSIONS) in their tenant's role
   * matrix: the staff and customer channels carry assets (markers, rows, device flags, alarms), which the API
   * gives only with one of them.
   */
  readsAssets: boolean;
}

/** What the API asks for the data the staff and customer channels carry. */
export const LIVE_ASSET_PERMISSIONS = ['ASSET_READ', 'VIEW_ASSET_MAP'] as const;

export const isClientIdentity = (identity: Pick<LiveIdentity, 'groups'>) => identity.groups.includes('ROLE_CLIENT');
const isSuperAdmin = (identity: Pick<LiveIdentity, 'groups'>) => identity.groups.includes('ROLE_SUPER_ADMIN');

/**
 * May this identity subscribe to this channel? The one decision behind the AWS Lambda authorizer and the local
 * stand-in (docs/decisions/0258-live-push-with-appsync-events-channels-lambda-authorizer-iam-publish.md), the same views as the API's (asset-view.ts):
 * - a client user: only their own customer's channel in their own tenant (none without a customer);
 * - everybody else: their tenant's staff channel; a super admin any tenant's staff channel (the tenant switch);
 * - both only while their roles grant reading assets or the map (`readsAssets`);
 * - everybody: their own user channel in their own tenant, nobody else's.
 * - always on a channel of the current lease (or the next, in the current one's last minute): a subscription
 *   hears for one lease at most, then the console subscribes again and this decides again with the user's record
 *   as it is then (shared/schemas/live.ts `leaseOpen`);
 * Wildcards, other namespaces, logical names without a lease and malformed names are refused: parseLiveChannel
 * knows only the three shapes.
 */
export function maySubscribe(identity: LiveIdentity, path: string, now = Date.now()): boolean {
  const channel = parseLiveChannel(path);
  if (!channel || channel.lease === undefined || !leaseOpen(channel.lease, now)) return false;
  const ownTenant = channel.tenantId === identity.tenantId;
  switch (channel.kind) {
    case 'user':
      return ownTenant && channel.userId === identity.userId;
    case 'client':
      return (
        identity.readsAssets &&
        ownTenant &&
        isClientIdentity(identity) &&
        identity.clientId !== null &&
        channel.clientId === identity.clientId
      );
    case 'staff':
      return identity.readsAssets && !isClientIdentity(identity) && (ownTenant || isSuperAdmin(identity));
  }
}
