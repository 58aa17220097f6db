import { DEFAULT_GEO_ZONE_COLOR, geoZoneInputSchema, geoZoneUpdateInputSchema } from '../../shared/schemas/geo-zone';
import {
  type GeoZoneFeatureCollection,
  geoZoneImportSchema,
  toGeoZoneFeature,
} from '../../shared/schemas/geo-zone-geojson';
import { refreshZoneNameOnAssets } from '../lib/geo-zones/geo-zone-asset-links';
import { geoZoneRepository, listAllGeoZones, toApiGeoZone } from '../lib/geo-zones/geo-zone-repository';
import { createGeoZones, deleteGeoZone, updateGeoZone } from '../lib/geo-zones/geo-zone-writes';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';
import { closeOpenVisitsOfZone } from '../lib/visits/visit-writes';

/**
 * Geo zones (spec 000 asset map, s.3, s.7). Holders of VIEW_ASSET_MAP read the zones (the map draws them), except
 * client users: spec 000 hides the Geo zone from them, and a tenant's zones name and outline its other customers'
 * depots and sites, so every zone route answers them 403 whatever the role matrix says (docs/security.md "A client user
 * seeing other customers' zones and history"). Only staff write zones: transporters get 403 on writes. Both are
 * the route table's audience (shared/routes.ts `only`), checked before the body is read. The list is
 * never paged: the map and the asset form want every zone. Decisions: docs/decisions/0159 to 0165.
 */

const ALL = { page: 1, itemsPerPage: 1, paginate: false, params: new URLSearchParams() };

export const handler = createHttpHandler('geo-zones', {
  'geoZones.list': route({
    run: async ({ auth }) => {
      const zones = (await listAllGeoZones(auth.tenant)).map(toApiGeoZone);
      return toCollection('/api/geo-zones', ALL, zones, zones.length);
    },
  }),
  // A GeoJSON FeatureCollection of every zone (circles as Point features with a radius property).
  'geoZones.export': route({
    run: async ({ auth }) => {
      const zones = (await listAllGeoZones(auth.tenant)).map(toApiGeoZone);
      const collection: GeoZoneFeatureCollection = {
        type: 'FeatureCollection',
        features: zones.flatMap((zone) =>
          zone.geometry ? [toGeoZoneFeature({ ...zone, geometry: zone.geometry }, DEFAULT_GEO_ZONE_COLOR)] : [],
        ),
      };
      return reply(200, collection, {
        'content-type': 'application/geo+json; charset=utf-8',
        'content-disposition': 'attachment; filename="geo-zones.geojson"',
      });
    },
  }),
  // All features become new zones in one transaction, or none: every problem is answered in one 422.
  'geoZones.import': route({
    checksBody: true,
    run: async ({ auth, body }) => {
      const { features } = validate(geoZoneImportSchema, body);
      const created = await createGeoZones(auth.tenant, features);
      const members = created.map(toApiGeoZone);
      return reply(201, toCollection('/api/geo-zones', ALL, members, members.length));
    },
  }),
  'geoZones.get': route({
    run: async ({ auth, params }) => {
      return toApiGeoZone(await geoZoneRepository.getOrThrow(auth.tenant, params.id));
    },
  }),
  'geoZones.create': route({
    checksBody: true,
    run: async ({ auth, body }) => {
      const input = validate(geoZoneInputSchema, body);
      const [created] = await createGeoZones(auth.tenant, [{ name: input.name ?? null, geometry: input.geometry }]);
      return reply(201, toApiGeoZone(created as NonNullable<typeof created>));
    },
  }),
  'geoZones.update': route({
    checksBody: true,
    run: async ({ auth, params, body }) => {
      const input = validate(geoZoneUpdateInputSchema, body);
      const current = await geoZoneRepository.getOrThrow(auth.tenant, params.id);
      const name = input.name === undefined ? current.name : input.name;
      const updated = await updateGeoZone(auth.tenant, current, input.version, { name, geometry: input.geometry });
      if (updated.name !== current.name) await refreshZoneNameOnAssets(auth.tenant, updated);
      return toApiGeoZone(updated);
    },
  }),
  'geoZones.delete': route({
    run: async ({ auth, params, logger }) => {
      const { id } = params;
      await deleteGeoZone(auth.tenant, id);
      // The zone's open visits close now (its visit history stays). The zone is gone already, so a
      // failure is logged, not answered: each asset's next fix closes what is left (docs/geofencing.md).
      await closeOpenVisitsOfZone(auth.tenant, id, new Date().toISOString()).catch((error: Error) =>
        logger.warn('Open visits of a deleted zone not all closed', { zoneId: id, error: error.message }),
      );
      return reply(204);
    },
  }),
});
