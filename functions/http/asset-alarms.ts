import { assetAlarmIdSchema } from '../../shared/schemas/asset-alarm';
import { idParamSchema } from '../../shared/schemas/common';
import { acknowledgeAssetAlarm, listAssetAlarms } from '../lib/alarms/sent-alarms';
import { assetRepository } from '../lib/assets/asset-repository';
import { assertCanSee, assetViewerOf } from '../lib/assets/asset-view';
import type { AuthContext } from '../lib/auth/auth-context';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { notFound } from '../lib/http/errors';
import { createHttpHandler, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';

/**
 * The alarms sent for an asset (issue 9): newest first, and their acknowledgement. Whoever may see the
 * asset sees and acknowledges its alarms; a client user reaches only their customer's assets (another
 * customer's asset is a 404, as in assets.ts).
 */
async function visibleAssetId(auth: AuthContext, params: Record<string, string | undefined>): Promise<number> {
  const id = validate(idParamSchema, params.id);
  const viewer = await assetViewerOf(auth);
  assertCanSee(viewer, await assetRepository.get(auth.tenant, id));
  return id;
}

export const handler = createHttpHandler('asset-alarms', {
  'assetAlarms.list': route({
    run: async ({ auth, params, query }) => {
      const id = await visibleAssetId(auth, params);
      const collection = parseCollectionQuery(query, {});
      const { members, total } = await listAssetAlarms(auth.tenant, id, collection.page, collection.itemsPerPage);
      return toCollection(`/api/assets/${id}/alarms`, collection, members, total);
    },
  }),
  'assetAlarms.acknowledge': route({
    run: async ({ auth, params }) => {
      const id = await visibleAssetId(auth, params);
      const alarmId = params.alarmId ?? '';
      // A malformed id names no alarm: 404, as an unknown one.
      if (!assetAlarmIdSchema.safeParse(alarmId).success) throw notFound();
      return acknowledgeAssetAlarm(auth.tenant, id, alarmId, auth.username);
    },
  }),
});
