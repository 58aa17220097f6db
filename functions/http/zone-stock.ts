import { STOCK_PROFILE_UNKNOWN, stockAssetsQuerySchema, stockLimitsInputSchema } from '../../shared/schemas/zone-stock';
import { assetProfileDefinitionRepository } from '../lib/asset-profiles/asset-profile-repository';
import type { AuthContext } from '../lib/auth/auth-context';
import { geoZoneRepository } from '../lib/geo-zones/geo-zone-repository';
import { unprocessable } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { toCollection } from '../lib/http/hydra';
import { validate } from '../lib/http/validation';
import { evaluateZoneStock } from '../lib/zone-stock/stock-evaluation';
import { saveStockLimits } from '../lib/zone-stock/stock-limits';
import { readStockAssets, readStockTable, readZoneStock } from '../lib/zone-stock/stock-read';

/**
 * Stock per zone (shared/api/zone-stock.ts). Staff only, whatever the role matrix says:
 * zones are hidden from client users (geo-zones.ts), and the stock of a depot tells of other customers'
 * assets; a transporter drives, it does not plan stock (docs/decisions/0261-stock-per-zone-counts-from-the-open-visits-one-limits-item-per-zone.md).
 * The route table says so (`staffOnly`), so others are refused before anything is read.
 */
async function zoneOf(auth: AuthContext, id: number) {
  return geoZoneRepository.getOrThrow(auth.tenant, id);
}

/** Every profile named must be one of the tenant's definitions: 422 on the entry, as for other references. */
async function assertProfilesExist(auth: AuthContext, profiles: number[]) {
  const found = await Promise.all(profiles.map((id) => assetProfileDefinitionRepository.get(auth.tenant, id)));
  const violations = found.flatMap((definition, i) =>
    definition ? [] : [{ propertyPath: `limits[${i}].profile`, message: STOCK_PROFILE_UNKNOWN }],
  );
  if (violations.length > 0) throw unprocessable(violations);
}

const ALL = { page: 1, itemsPerPage: 1, paginate: false, params: new URLSearchParams() };

export const handler = createHttpHandler('zone-stock', {
  'stock.table': route({
    run: async ({ auth }) => {
      const { table, itemsRead, complete } = await readStockTable(auth.tenant);
      return reply(200, table, { 'x-items-read': String(itemsRead), 'x-total-exact': String(complete) });
    },
  }),
  'stock.zone': route({
    run: async ({ auth, params }) => {
      const { stock, itemsRead } = await readZoneStock(auth.tenant, await zoneOf(auth, params.id));
      return reply(200, stock, { 'x-items-read': String(itemsRead) });
    },
  }),
  'stock.assets': route({
    run: async ({ auth, params, rawQuery }) => {
      const zone = await zoneOf(auth, params.id);
      const { profile } = validate(stockAssetsQuerySchema, {
        profile: new URLSearchParams(rawQuery).get('profile') ?? undefined,
      });
      const key = profile === undefined ? undefined : profile === 'none' ? null : Number(profile);
      const { members, itemsRead } = await readStockAssets(auth.tenant, zone.id, key);
      return reply(200, toCollection(`/api/geo-zones/${zone.id}/stock/assets`, ALL, members, members.length), {
        'x-items-read': String(itemsRead),
      });
    },
  }),
  // The save re-evaluates the zone at once: a new minimum the zone is already below raises type 4 now.
  'stock.saveLimits': route({
    checksBody: true,
    run: async ({ auth, params, body, logger }) => {
      const input = validate(stockLimitsInputSchema, body);
      const zone = await zoneOf(auth, params.id);
      await assertProfilesExist(
        auth,
        input.limits.map((l) => l.profile),
      );
      await saveStockLimits(auth.tenant, zone.id, input.version, input.limits);
      await evaluateZoneStock(auth.tenant, zone.id, new Date().toISOString()).catch((error: Error) =>
        // The limits are saved; the next visit change of the zone evaluates again.
        logger.error('Zone stock not evaluated after a limits save', { zoneId: zone.id, error: error.message }),
      );
      return (await readZoneStock(auth.tenant, zone)).stock;
    },
  }),
});
