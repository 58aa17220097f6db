import type { AlarmRecord } from '../../functions/lib/alarms/alarm-repository';
import type {
  AssetProfileDefinitionRecord,
  AssetProfileRecord,
} from '../../functions/lib/asset-profiles/asset-profile-repository';
import type { AssetRecord } from '../../functions/lib/assets/asset-repository';
import type { AssetStatusRecord } from '../../functions/lib/assets/asset-status';
import type { ClientRecord } from '../../functions/lib/clients/client-repository';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import type { EventRecord } from '../../functions/lib/events/event-repository';
import type { GeoZoneRecord } from '../../functions/lib/geo-zones/geo-zone-repository';
import { ALARM_TEXT_TEMPLATES } from '../../shared/schemas/alarm';
import { ASSET_STATUS_VALUES } from '../../shared/schemas/asset-status';
import { ALARM_RULES, CABLE_LENGTHS, CABLE_REEL_TYPES, CABLE_TYPES } from './catalogue';
import { type AssetPlan, buildAsset } from './demo-assets';
import { buildClients, buildZones, type Site } from './demo-places';
import { Rng } from './prng';

/**
 * The demo data of one tenant, generated without touching any store: the same seed and reference date give
 * the same data, byte for byte. Ids start at 1 per type (the seed writes into a fresh tenant). Dates are
 * relative to `referenceDate`: events reach back at most 60 days from it.
 */
export interface TenantDataProfile {
  assetCount: number;
  customerCount: number;
  /** Tags in stock, attached to no asset. */
  spareDevices: number;
  zoneKeys: readonly string[];
  assetNamePrefix: string;
  /** Assets are numbered from here ("Haspel H-1001"); the number is also the logical id. */
  assetNumberStart: number;
  /** Ten hex digits; the DEVEUIs of a tenant share them, and differ between tenants. */
  devEuiPrefix: string;
  mailDomain: string;
}

export const TENANT_DATA_PROFILES = {
  demo: {
    assetCount: 300,
    customerCount: 15,
    spareDevices: 6,
    zoneKeys: [
      'utrecht',
      'maasvlakte',
      'westpoort',
      'eindhoven',
      'zwolle',
      'groningen',
      'nijmegen',
      'arnhem',
      'moerdijk',
      'amersfoort',
    ],
    assetNamePrefix: 'Haspel H-',
    assetNumberStart: 1000,
    devEuiPrefix: '0004A30B00',
    mailDomain: 'demo.local',
  },
  acme: {
    assetCount: 40,
    customerCount: 5,
    spareDevices: 2,
    zoneKeys: ['waalhaven', 'botlek', 'dordrecht', 'gouda'],
    assetNamePrefix: 'Verhuurhaspel A-',
    assetNumberStart: 2000,
    devEuiPrefix: '70B3D57ED0',
    mailDomain: 'acme.local',
  },
} as const satisfies Record<string, TenantDataProfile>;

export interface DemoDataOptions {
  seed: number;
  referenceDate: Date;
  profile: TenantDataProfile;
  /** Users customers may have as account manager (their ids exist before the data is generated). */
  accountManagers?: readonly { id: number; name: string | null }[];
}

export interface DemoDataset {
  statuses: AssetStatusRecord[];
  clients: ClientRecord[];
  definitions: AssetProfileDefinitionRecord[];
  zones: GeoZoneRecord[];
  assets: AssetRecord[];
  devices: DeviceRecord[];
  profiles: AssetProfileRecord[];
  events: EventRecord[];
  alarms: AlarmRecord[];
}

export const CABLE_REEL_DEFINITION_NAME = 'Kabelhaspels';

function cableReelDefinition(): AssetProfileDefinitionRecord {
  return {
    id: 1,
    version: 1,
    name: CABLE_REEL_DEFINITION_NAME,
    type: 'cable_reel',
    definitions: [
      {
        name: 'cable_reels',
        type: 'cable_reels',
        value: CABLE_REEL_TYPES.map((reel, i) => ({ id: i + 1, name: reel.name, data: { ...reel.data } })),
      },
      {
        name: 'cables',
        type: 'cables',
        value: CABLE_TYPES.map((cable, i) => ({ id: i + 1, name: cable.name, data: { ...cable.data } })),
      },
      { name: 'cable_length', type: 'number[]', value: [...CABLE_LENGTHS] },
    ],
  };
}

export function generateDemoData(options: DemoDataOptions): DemoDataset {
  const rng = new Rng(options.seed);
  const { profile } = options;
  const statuses = ASSET_STATUS_VALUES.map((status, i) => ({ id: i + 1, version: 1, status }));
  const zones = buildZones(rng.fork('zones'), profile.zoneKeys);
  const { clients, sites } = buildClients(rng.fork('clients'), profile.customerCount, options.accountManagers ?? []);
  const definition = cableReelDefinition();

  const dataset: DemoDataset = {
    statuses,
    clients,
    definitions: [definition],
    zones: zones.map((zone) => zone.record),
    assets: [],
    devices: [],
    profiles: [],
    events: [],
    alarms: ALARM_RULES.map((rule, i) => ({
      id: i + 1,
      version: 1,
      name: rule.name,
      type: rule.type,
      text: ALARM_TEXT_TEMPLATES[rule.type],
      duration: null,
      working_hours: null,
      move_distance: null,
      repeat_every: null,
      repeat_times: null,
      escalate_after: null,
      escalate_to: null,
      escalate_users: [],
      email: `planning@${profile.mailDomain}`,
    })),
  };

  const assetRng = rng.fork('assets');
  const devEuis = new Set<string>();
  const clientWeights = clients.map((client, i) => [client, 1 / (i + 1) ** 0.6] as const);
  for (let id = 1; id <= profile.assetCount; id++) {
    let devEui: string;
    do devEui = `${profile.devEuiPrefix}${assetRng.hex(6)}`;
    while (devEuis.has(devEui));
    devEuis.add(devEui);
    const client = assetRng.chance(0.75) ? assetRng.weighted(clientWeights) : null;
    const plan: AssetPlan = {
      id,
      number: profile.assetNumberStart + id,
      prefix: profile.assetNamePrefix,
      devEui,
      client,
      site: client ? (sites.get(client.id) as Site) : null,
      firstEventId: dataset.events.length + 1,
      profileId: dataset.profiles.length + 1,
    };
    const built = buildAsset(assetRng.fork(`asset-${id}`), plan, { zones, statuses, definition, ...options });
    dataset.assets.push(built.asset);
    dataset.devices.push(built.device);
    dataset.events.push(...built.events);
    if (built.profile) dataset.profiles.push(built.profile);
  }

  const spareRng = rng.fork('spares');
  for (let i = 1; i <= profile.spareDevices; i++) {
    let devEui: string;
    do devEui = `${profile.devEuiPrefix}${spareRng.hex(6)}`;
    while (devEuis.has(devEui));
    devEuis.add(devEui);
    const id = profile.assetCount + i;
    dataset.devices.push({
      id,
      version: 1,
      logical_id: 5000 + id,
      name: `Voorraad tag ${i}`,
      model: 'KPN LocationTag V',
      notes: 'Op voorraad in het depot',
      dev_eui: devEui,
      barcode: `KPN${spareRng.digits(10)}`,
      asset: null,
      activation_date: null,
      last_event: null,
      is_sabotaged: false,
      battery_level_low: false,
      device_profiles: [],
    });
  }
  return dataset;
}
