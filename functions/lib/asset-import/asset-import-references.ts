import { ASSET_IMPORT_MESSAGES as M } from '../../../shared/schemas/asset-import-messages';
import { assetProfileDefinitionRepository } from '../asset-profiles/asset-profile-repository';
import { allClients } from '../clients/client-queries';
import type { TenantContext } from '../data/tenant-context';
import { listAllGeoZones } from '../geo-zones/geo-zone-repository';
import type { AssetImportRecord } from './asset-import-file';

/**
 * The references a row names (customer, geo zone, asset profiles) by id and by name, read once per file.
 * The id is what the import uses; the name is for the reader and may stand alone (id left blank). An id and a
 * name that name different items are refused rather than guessed: which one the user meant to edit is unknown.
 */
export interface Named {
  id: number;
  name: string;
}

export interface ReferenceBook {
  clients: Named[];
  zones: Named[];
  profiles: Named[];
}

const PROFILE_PAGE = 1000;

async function allProfileDefinitions(ctx: TenantContext): Promise<Named[]> {
  const found: Named[] = [];
  for (let page = 1; ; page++) {
    const { items } = await assetProfileDefinitionRepository.page(ctx, { page, itemsPerPage: PROFILE_PAGE });
    found.push(...items.map((d) => ({ id: d.id, name: d.name })));
    if (items.length < PROFILE_PAGE) return found;
  }
}

export async function readReferenceBook(ctx: TenantContext): Promise<ReferenceBook> {
  const [clients, zones, profiles] = await Promise.all([
    allClients(ctx),
    listAllGeoZones(ctx),
    allProfileDefinitions(ctx),
  ]);
  return {
    clients: clients.map((c) => ({ id: c.id, name: c.company ?? '' })),
    zones: zones.map((z) => ({ id: z.id, name: z.name ?? '' })),
    profiles,
  };
}

export type Resolved<T> = { value: T } | { problem: string };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** One reference from its id and name cells: undefined when neither column is in the file (left as stored). */
export function resolveOne(
  items: readonly Named[],
  idCell: string | undefined,
  nameCell: string | undefined,
  messages: { unknown: string; ambiguous: string },
): Resolved<number | null> | undefined {
  if (idCell === undefined && nameCell === undefined) return undefined;
  const id = idCell?.trim() ?? '';
  const name = nameCell?.trim() ?? '';
  if (id !== '') {
    if (!/^\d+$/.test(id)) return { problem: M.invalidId };
    const item = items.find((candidate) => candidate.id === Number(id));
    if (!item) return { problem: messages.unknown };
    if (name !== '' && !sameName(item.name, name)) return { problem: M.idNameDisagree };
    return { value: item.id };
  }
  if (name === '') return { value: null };
  const matches = items.filter((candidate) => sameName(candidate.name, name));
  if (matches.length === 0) return { problem: messages.unknown };
  if (matches.length > 1) return { problem: messages.ambiguous };
  return { value: (matches[0] as Named).id };
}

const splitList = (cell: string | undefined) =>
  (cell ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);

/** The asset profiles: ids and names are `;` lists; given both, they must name the same set. */
export function resolveProfiles(
  items: readonly Named[],
  idCell: string | undefined,
  nameCell: string | undefined,
): Resolved<number[]> | undefined {
  if (idCell === undefined && nameCell === undefined) return undefined;
  const ids = splitList(idCell);
  const names = splitList(nameCell);
  if (ids.some((id) => !/^\d+$/.test(id))) return { problem: M.invalidId };
  const byId = ids.map((id) => items.find((item) => item.id === Number(id)));
  const byName = names.map((name) => items.filter((item) => sameName(item.name, name)));
  if (byId.some((item) => !item) || byName.some((found) => found.length !== 1)) return { problem: M.unknownProfile };
  const fromIds = byId.map((item) => (item as Named).id);
  const fromNames = byName.map((found) => (found[0] as Named).id);
  if (ids.length > 0 && names.length > 0) {
    const a = [...new Set(fromIds)].sort();
    const b = [...new Set(fromNames)].sort();
    if (a.join() !== b.join()) return { problem: M.idNameDisagree };
  }
  return { value: [...new Set(ids.length > 0 ? fromIds : fromNames)] };
}

export const nameOf = (items: readonly Named[], id: number | null | undefined) =>
  id == null ? null : (items.find((item) => item.id === id)?.name ?? `#${id}`);

/** The cells of a record's reference columns. */
export const referenceCells = ({ cells }: AssetImportRecord) => ({
  client: [cells.client_id, cells.client] as const,
  zone: [cells.geo_zone_id, cells.geo_zone] as const,
  profiles: [cells.asset_profile_ids, cells.asset_profiles] as const,
});
