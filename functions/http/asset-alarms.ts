import { listAlarmInbox } from '../lib/alarms/alarm-inbox';
import { acknowledgeAssetAlarm, acknowledgeSentAlarm, listAssetAlarms } from '../lib/alarms/sent-alarms';
import { assetRepository } from '../lib/assets/asset-repository';
import { assertCanSee, assetViewerOf } from '../lib/assets/asset-view';
import type { AuthContext } from '../lib/auth/auth-context';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { liveAlarm } from '../lib/live/publisher';

/**
 * The alarms sent for an asset: newest first, and their acknowledgement. Whoever may see the
 * asset sees and acknowledges its alarms; a client user reaches only their customer's assets (another
 * customer's asset is a 404, as in assets.ts). The alarm inbox lists the open alarms of the
 * caller's scope; an alarm of a tag linked to no asset is staff's only, acknowledged on the device's path.
 */
async function visibleAsset(auth: AuthContext, id: number) {
  const viewer = await assetViewerOf(auth);
  return assertCanSee(viewer, await assetRepository.get(auth.tenant, id));
}

export const handler = createHttpHandler('asset-alarms', {
  'assetAlarms.list': route({
    run: async ({ auth, params, rawQuery }) => {
      const { id } = await visibleAsset(auth, params.id);
      const collection = parseCollectionQuery(rawQuery, {});
      const { members, total } = await listAssetAlarms(auth.tenant, id, collection.page, collection.itemsPerPage);
      return toCollection(`/api/assets/${id}/alarms`, collection, members, total);
    },
  }),
  'assetAlarms.acknowledge': route({
    run: async ({ auth, params }) => {
      const asset = await visibleAsset(auth, params.id);
      // A malformed alarm id names no alarm: the stack answers 404, as for an unknown one.
      const { alarmId } = params;
      const acknowledged = await acknowledgeAssetAlarm(auth.tenant, asset.id, alarmId, auth.username);
      // Live push: every inbox of the asset's scope drops it (the handler layer flushes).
      liveAlarm(auth.tenant, { id: alarmId, asset: asset.id, ack: true }, asset.client?.id);
      return acknowledged;
    },
  }),
  'alarmInbox.list': route({
    run: async ({ auth, rawQuery }) => {
      const viewer = await assetViewerOf(auth);
      const collection = parseCollectionQuery(rawQuery, {});
      const inbox = await listAlarmInbox(auth.tenant, viewer, collection.page, collection.itemsPerPage);
      return reply(200, toCollection('/api/alarm-inbox', collection, inbox.members, inbox.total), {
        'x-total-exact': String(inbox.totalExact),
      });
    },
  }),
  // A zone stock alarm (types 4/5) has neither asset nor tag; its zone owns it. Staff only.
  'zoneAlarms.acknowledge': route({
    run: async ({ auth, params }) => {
      const { id: zoneId, alarmId } = params;
      const acknowledged = await acknowledgeSentAlarm(
        auth.tenant,
        { assetId: null, deviceId: 0, zoneId },
        alarmId,
        auth.username,
      );
      liveAlarm(auth.tenant, { id: alarmId, asset: null, ack: true }, null);
      return acknowledged;
    },
  }),
  'deviceAlarms.acknowledge': route({
    run: async ({ auth, params }) => {
      const { id: deviceId, alarmId } = params;
      return acknowledgeSentAlarm(auth.tenant, { assetId: null, deviceId }, alarmId, auth.username);
    },
  }),
});
