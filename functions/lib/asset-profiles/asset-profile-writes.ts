import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Violation } from '../../../shared/errors';
import {
  type AssetProfileValue,
  CABLE_NOT_FOUND,
  CABLE_REEL_NOT_FOUND,
  CABLE_REEL_PROFILE_TYPE,
  cableSummaryOf,
  PROFILE_VALUE_NAMES,
} from '../../../shared/schemas/asset-profile';
import { ACCESS_PATTERNS } from '../../../shared/table';
import { type AssetRecord, assetRepository } from '../assets/asset-repository';
import { dynamo, tableName } from '../data/client';
import { itemKey } from '../data/keys';
import type { TenantContext } from '../data/tenant-context';
import { counterChanges, type TransactItem, versioned } from '../data/transaction';
import { conflict, unprocessable } from '../http/errors';
import {
  type AssetProfileDefinitionRecord,
  type AssetProfileRecord,
  assetProfileDefinitionRepository,
  assetProfileRepository,
  assetProfilesPartition,
  assetProfileUri,
} from './asset-profile-repository';

/**
 * Writes of an asset's profiles. The asset keeps a denormalised copy (relation URIs, definition names and the
 * numeric cable_length behind the gsi5 sort), so every write goes out in one transaction with the asset,
 * each item conditioned on the version read: a concurrent change answers 409 and nothing is half-written.
 */
export const DEFINITION_NOT_FOUND = 'Unknown asset profile definition';

async function transact(items: TransactItem[]): Promise<void> {
  if (items.length === 0) return;
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw conflict();
    throw error;
  }
}

const profileValue = (profile: Pick<AssetProfileRecord, 'data'>, name: AssetProfileValue['name']) =>
  profile.data.find((entry) => entry.name === name)?.value ?? null;

/** The asset's sortable cable length: a number, or nothing when the length is free text or unset. */
export const numericCableLength = (profile: Pick<AssetProfileRecord, 'data'> | undefined): number | null => {
  const value = profile ? profileValue(profile, 'cable_length') : null;
  return typeof value === 'number' ? value : null;
};

/** What the asset copies of its cable reel profile: the gsi5 sort length and the list's summary. */
function cableCopies(
  profile: AssetProfileRecord | undefined,
  definitions: readonly AssetProfileDefinitionRecord[],
): Pick<AssetRecord, 'cable_length' | 'cable_summary'> {
  const definition = definitions.find((candidate) => candidate.id === profile?.definition_id);
  return {
    cable_length: numericCableLength(profile),
    cable_summary: profile ? cableSummaryOf(profile.data, definition) : null,
  };
}

const catalogueIds = (definition: AssetProfileDefinitionRecord | undefined, type: 'cable_reels' | 'cables') =>
  new Set(
    (definition?.definitions ?? [])
      .filter((entry) => entry.type === type)
      .flatMap((entry) => (entry.value as { id: number }[]).map((item) => item.id)),
  );

/** cable_reel and cable must name entries of the profile's definition (422 on the field otherwise). */
function checkCatalogueReferences(definition: AssetProfileDefinitionRecord | undefined, data: AssetProfileValue[]) {
  const violations: Violation[] = [];
  const reel = data.find((entry) => entry.name === 'cable_reel')?.value;
  const cable = data.find((entry) => entry.name === 'cable')?.value;
  if (typeof reel === 'number' && !catalogueIds(definition, 'cable_reels').has(reel))
    violations.push({ propertyPath: 'cable_reel', message: CABLE_REEL_NOT_FOUND });
  if (typeof cable === 'number' && !catalogueIds(definition, 'cables').has(cable))
    violations.push({ propertyPath: 'cable', message: CABLE_NOT_FOUND });
  if (violations.length) throw unprocessable(violations);
}

/**
 * The values in their fixed order. residual_length is measured, not typed: a save keeps the stored one, and
 * only a reset (CABLE_REEL_RESET, checked by the caller) puts it back to the full cable length.
 */
function mergeValues(current: AssetProfileRecord, sent: AssetProfileValue[], reset: boolean): AssetProfileValue[] {
  const merged = new Map<string, AssetProfileValue['value']>(current.data.map((entry) => [entry.name, entry.value]));
  for (const entry of sent) if (entry.name !== 'residual_length') merged.set(entry.name, entry.value);
  if (reset) {
    const length = merged.get('cable_length');
    merged.set('residual_length', typeof length === 'number' ? length : null);
  }
  return PROFILE_VALUE_NAMES.map((name) => ({ name, value: merged.get(name) ?? null }) as AssetProfileValue);
}

/** The asset's profile copies as an UpdateItem of what changed, at the version read (entity-update.ts). */
const putAsset = (ctx: TenantContext, before: AssetRecord, after: AssetRecord): TransactItem => ({
  Update: assetRepository.updateOf(ctx, before, { ...after, version: before.version + 1 }),
});

/** PUT /api/asset-profiles/{id}: the profile and, when its numeric length changed, the asset's sort copy. */
export async function saveAssetProfile(
  ctx: TenantContext,
  current: AssetProfileRecord,
  input: { data: AssetProfileValue[]; reset: boolean },
): Promise<AssetProfileRecord> {
  const definition = await assetProfileDefinitionRepository.get(ctx, current.definition_id);
  checkCatalogueReferences(definition, input.data);
  const next: AssetProfileRecord = {
    ...current,
    data: mergeValues(current, input.data, input.reset),
    version: current.version + 1,
  };
  const writes: TransactItem[] = [
    { Put: { TableName: tableName(), Item: assetProfileRepository.toItem(ctx, next), ...versioned(current.version) } },
  ];
  const asset = await assetRepository.get(ctx, current.asset_id);
  if (asset && next.type === CABLE_REEL_PROFILE_TYPE) {
    const copies = cableCopies(next, definition ? [definition] : []);
    const changed =
      (asset.cable_length ?? null) !== copies.cable_length ||
      JSON.stringify(asset.cable_summary ?? null) !== JSON.stringify(copies.cable_summary);
    if (changed) writes.push(putAsset(ctx, asset, { ...asset, ...copies }));
  }
  await transact(writes);
  return next;
}

/** The profiles of one asset (a handful: one per definition). */
export async function profilesOfAsset(ctx: TenantContext, assetId: number): Promise<AssetProfileRecord[]> {
  const { items } = await assetProfileRepository.page(ctx, {
    page: 1,
    itemsPerPage: 100,
    index: { name: ACCESS_PATTERNS.assetProfilesByAsset, partition: assetProfilesPartition(ctx, assetId) },
  });
  return items;
}

const emptyValues = (): AssetProfileValue[] =>
  PROFILE_VALUE_NAMES.map((name) => ({ name, value: null }) as AssetProfileValue);

const countProfiles = (ctx: TenantContext, delta: number) => counterChanges(ctx, 'PROFILE', { itemCount: delta });

async function resolveDefinitions(ctx: TenantContext, ids: number[]): Promise<AssetProfileDefinitionRecord[]> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => assetProfileDefinitionRepository.get(ctx, id)));
  const violations = found.flatMap((definition, i) =>
    definition
      ? []
      : [
          {
            propertyPath: `asset_profile_definitions[${ids.indexOf(unique[i] as number)}]`,
            message: DEFINITION_NOT_FOUND,
          },
        ],
  );
  if (violations.length) throw unprocessable(violations);
  return found as AssetProfileDefinitionRecord[];
}

/**
 * The asset holds a profile for exactly the listed definitions: missing ones are created empty, kept ones keep
 * their values, profiles of definitions no longer listed are deleted. Returns those writes and the asset's
 * copies after them, for the caller's transaction (an asset save, or the assignment below). Unknown
 * definitions answer 422 before anything is written.
 */
export async function planProfileAssignment(
  ctx: TenantContext,
  asset: AssetRecord,
  definitionIds: number[],
): Promise<{ asset: AssetRecord; writes: TransactItem[] }> {
  const definitions = await resolveDefinitions(ctx, definitionIds);
  const existing = await profilesOfAsset(ctx, asset.id);
  const wanted = new Set(definitions.map((d) => d.id));
  const writes: TransactItem[] = [];
  // The profile count changes once by the net difference: a transaction may act on the counter item only once.
  let counted = 0;
  const kept = existing.filter((profile) => wanted.has(profile.definition_id));
  for (const profile of existing.filter((p) => !wanted.has(p.definition_id))) {
    writes.push({
      Delete: { TableName: tableName(), Key: itemKey(ctx, 'PROFILE', profile.id), ...versioned(profile.version) },
    });
    counted--;
  }
  const profiles: AssetProfileRecord[] = [];
  for (const definition of definitions) {
    const have = kept.find((profile) => profile.definition_id === definition.id);
    if (have) {
      profiles.push(have);
      continue;
    }
    const created: AssetProfileRecord = {
      id: await assetProfileRepository.nextId(ctx),
      version: 1,
      name: definition.name,
      type: definition.type,
      asset_id: asset.id,
      definition_id: definition.id,
      data: emptyValues(),
    };
    profiles.push(created);
    writes.push(assetProfileRepository.putNew(ctx, created));
    counted++;
  }
  if (counted !== 0) writes.push(...countProfiles(ctx, counted));
  const next: AssetRecord = {
    ...asset,
    asset_profile_relations: profiles.map((profile) => assetProfileUri(profile.id)),
    asset_profile_definitions: definitions.map(({ id, name, type }) => ({ id, name, type })),
    ...cableCopies(
      profiles.find((profile) => profile.type === CABLE_REEL_PROFILE_TYPE),
      definitions,
    ),
  };
  return { asset: next, writes };
}

/** POST /api/assets/{id}/asset-profiles: the assignment alone, in one transaction with the asset. */
export async function assignProfileDefinitions(
  ctx: TenantContext,
  asset: AssetRecord,
  definitionIds: number[],
): Promise<AssetRecord> {
  const plan = await planProfileAssignment(ctx, asset, definitionIds);
  await transact([...plan.writes, putAsset(ctx, asset, plan.asset)]);
  return { ...plan.asset, version: asset.version + 1 };
}
