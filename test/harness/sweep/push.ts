import { clientChannel, staffChannel, userChannel } from '../../../shared/schemas/live';
import { connectLive } from '../live';
import { type EntityIndex, entitiesUnder } from './discovery';

/**
 * The isolation sweep's push check: every live channel of a tenant, generated from what the sweep
 * found of it (its staff channel, one channel per customer it lists, one per user), so a new customer or user
 * is covered with nothing to write.
 */
export function liveChannelsOf(tenantId: number, index: EntityIndex): string[] {
  const ids = (template: string) => entitiesUnder(index, template).map((entity) => Number(entity.params.id));
  return [
    staffChannel(tenantId),
    ...ids('/api/clients/{id}').map((id) => clientChannel(tenantId, id)),
    ...ids('/api/users/{id}').map((id) => userChannel(tenantId, id)),
  ];
}

/** Subscribes `token` to each channel over one connection; answers the channels it was NOT refused. */
export async function channelsNotRefused(token: string, channels: string[]): Promise<string[]> {
  const client = connectLive(token);
  try {
    if ((await client.opened).type !== 'connection_ack') return [];
    const outcomes = await Promise.all(
      channels.map(async (channel) => [channel, await client.subscribe(channel)] as const),
    );
    return outcomes
      .filter(
        ([, answer]) => answer.type !== 'subscribe_error' || answer.errors?.[0]?.errorType !== 'UnauthorizedException',
      )
      .map(([channel]) => channel);
  } finally {
    client.close();
  }
}
