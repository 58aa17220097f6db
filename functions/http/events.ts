import { eventListQuerySchema } from '../../shared/schemas/event';
import { assetRepository } from '../lib/assets/asset-repository';
import { type AssetViewer, assetViewerOf, canSeeAsset } from '../lib/assets/asset-view';
import type { TenantContext } from '../lib/data/tenant-context';
import { deviceRepository } from '../lib/devices/device-repository';
import { countEvents, type EventFilter, queryEvents, toApiEvent } from '../lib/events/event-repository';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';

/**
 * GET /api/events (spec 000 Events tab): always date then id, descending (order[date]/order[id] are accepted
 * and change nothing), filtered by device.id, fromDate, toDate (inclusive days or instants) and type. A client
 * user must name a device, and sees its events only if the device is on an asset of their customer; the geo
 * zone of each event is cleared for them, as geo zones are hidden from client users.
 */
export const DEVICE_REQUIRED = 'The device is required';

const filterSchema = eventListQuerySchema.omit({ page: true, itemsPerPage: true, pagination: true });

async function clientMaySee(ctx: TenantContext, viewer: AssetViewer, deviceId: number): Promise<boolean> {
  const device = await deviceRepository.get(ctx, deviceId);
  if (!device?.asset) return false;
  const asset = await assetRepository.get(ctx, device.asset.id);
  return asset !== undefined && canSeeAsset(viewer, asset);
}

export const handler = createHttpHandler('events', {
  'events.list': route({
    run: async ({ auth, query }) => {
      const collection = parseCollectionQuery(query, { orders: ['date', 'id'] });
      const params = Object.fromEntries(
        [...collection.params.entries()].filter(([key]) => !['page', 'itemsPerPage', 'pagination'].includes(key)),
      );
      const input = validate(filterSchema, params);
      const viewer = await assetViewerOf(auth);
      const filter: EventFilter = {
        deviceId: input['device.id'],
        fromDate: input.fromDate,
        toDate: input.toDate,
        type: input.type,
      };
      if (viewer.kind === 'client') {
        if (filter.deviceId === undefined)
          throw unprocessable([{ propertyPath: 'device.id', message: DEVICE_REQUIRED }]);
        if (!(await clientMaySee(auth.tenant, viewer, filter.deviceId))) {
          return reply(200, toCollection('/api/events', collection, [], 0), { 'x-items-read': '0' });
        }
      }
      const [page, total] = await Promise.all([
        queryEvents(auth.tenant, { ...filter, page: collection.page, itemsPerPage: collection.itemsPerPage }),
        countEvents(auth.tenant, filter),
      ]);
      const members = page.items.map((event) =>
        viewer.kind === 'client' ? { ...toApiEvent(event), geo_zone: null } : toApiEvent(event),
      );
      return reply(200, toCollection('/api/events', collection, members, total), {
        'x-items-read': String(page.itemsRead),
      });
    },
  }),
});
