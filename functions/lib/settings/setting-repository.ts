import { DEFAULT_COLORS, frontendSettingSchema, SETTING_NAMES } from '../../../shared/schemas/settings';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { allowListOf } from '../http/allow-list';
import { conflict } from '../http/errors';

/** A frontend settings record of a tenant (spec 001 s.3): a name and its data, parsed by the name's schema. */
export interface SettingRecord extends Stored {
  name: string;
  data: unknown;
}

export const settingRepository = createRepository<SettingRecord>({ type: 'SETTING' });

/**
 * One record per name and tenant: the id is the name's fixed place in SETTING_NAMES, so the create's
 * `attribute_not_exists(pk)` condition makes a second record of the same name impossible, even for two
 * concurrent first saves.
 */
const SETTING_IDS: Record<string, number> = Object.fromEntries(
  Object.values(SETTING_NAMES).map((name, index) => [name, index + 1]),
);

/** The fixed id of a setting name's one record. */
export const settingIdOf = (name: string): number | undefined => SETTING_IDS[name];

export const SETTING_EXISTS = 'This setting already exists; update it with PUT instead';

/** All records of the tenant: a handful at most, one Query. */
export async function listSettings(ctx: TenantContext): Promise<SettingRecord[]> {
  return (await settingRepository.page(ctx, { page: 1, itemsPerPage: 100 })).items;
}

export const createSetting = (ctx: TenantContext, name: string, data: unknown): Promise<SettingRecord> =>
  settingRepository.create(ctx, { name, data }, { id: SETTING_IDS[name], cancelled: () => conflict(SETTING_EXISTS) });

const allowedSetting = allowListOf(frontendSettingSchema);

/**
 * The read shape; an unsaved default has id and version null and no @id (it has no address yet), so the
 * console knows to POST it.
 */
export const toApiSetting = (setting: Pick<SettingRecord, 'name' | 'data'> & Partial<Stored>) =>
  allowedSetting({
    ...(setting.id ? { '@id': `/api/frontend-settings/${setting.id}` } : {}),
    '@type': 'FrontendSetting',
    ...setting,
    id: setting.id ?? null,
    version: setting.version ?? null,
  });

/** What a tenant without a colours record gets, so the console always has a full palette. */
export const defaultColorsSetting = () =>
  toApiSetting({
    name: SETTING_NAMES.colors,
    data: Object.entries(DEFAULT_COLORS).map(([name, color]) => ({ name, color })),
  });
