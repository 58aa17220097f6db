import { eventListQuerySchema } from '../../shared/schemas/event';
import { assetRepository } from '../lib/assets/asset-repository';
import { type AssetViewer, assetViewerOf, canSeeAsset } from '../lib/assets/asset-view';
import type { TenantContext } from '../lib/data/tenant-context';
import { deviceRepository } from '../lib/devices/device-repository';
import { countEvents, type EventFilter, eventBoundKey, queryEvents, toApiEvent } from '../lib/events/event-repository';
import { parseCollectionQuery } from '../lib/http/collection-query';
import { unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';

/**
 * GET /api/events (spec 000 Events tab): always date then id, descending (order[date]/order[id] are accepted
 * and change nothing), filtered by device.id, fromDate, toDate (inclusive days or instants) and type. A client
 * user must name a device, and sees its events only if the device is on an asset of their customer and only
 * from when it joined that asset (no other customer's history); the geo zone of each event is cleared for
 * them, as geo zones are hidden from client users.
 */
export const DEVICE_REQUIRED = 'The device is required';

const filterSchema = eventListQuerySchema.omit({ page: true, itemsPerPage: true, pagination: true });

/**
 * The time from which a client user sees a device's events: when it joined its current asset, if that asset is their
 * customer's (undefined: nothing to see). Only the current attachment is kept, so a device that was on their asset
 * before and came back shows its events since it came back (docs/security.md "A client user seeing other customers'
 * zones and history").
 */
async function clientVisibleSince(ctx: TenantContext, viewer: AssetViewer, deviceId: number) {
  const device = await deviceRepository.get(ctx, deviceId);
  if (!device?.asset || !device.asset_since) return undefined;
  const asset = await assetRepository.get(ctx, device.asset.id);
  return asset !== undefined && canSeeAsset(viewer, asset) ? device.asset_since : undefined;
}

/** The later of the caller's fromDate and the time the client's view starts, compared as the keys they become. */
const laterFrom = (fromDate: string | undefined, since: string) =>
  fromDate !== undefined && eventBoundKey(fromDate) > eventBoundKey(since) ? fromDate : since;

export const handler = createHttpHandler('events', {
  'events.list': route({
    run: async ({ auth, rawQuery }) => {
      const collection = parseCollectionQuery(rawQuery, { orders: ['date', 'id'] });
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
        const since = await clientVisibleSince(auth.tenant, viewer, filter.deviceId);
        if (since === undefined) {
          return reply(200, toCollection('/api/events', collection, [], 0), { 'x-items-read': '0' });
        }
        filter.fromDate = laterFrom(filter.fromDate, since);
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
