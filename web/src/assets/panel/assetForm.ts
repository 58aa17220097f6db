import { zodResolver } from '@hookform/resolvers/zod';
import type { Asset } from '@shared/schemas/asset';
import { assetInputSchema, buildAssetUpdateInputSchema } from '@shared/schemas/asset';
import type { AssetStatusValue } from '@shared/schemas/asset-status';
import type { Resolver } from 'react-hook-form';
import { toInputDay } from '../assetFormat';

export interface Named {
  id: number;
  name: string | null;
}

/** The form holds related entities as objects (for the pickers); the shared schema turns them into ids. */
export interface AssetFormValues {
  name: string;
  reference: string;
  description: string;
  devices: Named[];
  client: { id: number; company: string | null } | null;
  geo_zone: Named | null;
  asset_profile_definitions: Named[];
  status: AssetStatusValue | '';
  scheduled: string;
  version?: number;
}

export function formValuesOf(asset: Asset | undefined): AssetFormValues {
  return {
    name: asset?.name ?? '',
    reference: asset?.reference ?? '',
    description: asset?.description ?? '',
    devices: asset?.devices?.map((d) => ({ id: d.id, name: d.name ?? d.dev_eui })) ?? [],
    client: asset?.client ?? null,
    geo_zone: asset?.geo_zone ?? null,
    asset_profile_definitions: asset?.asset_profile_definitions.map((d) => ({ id: d.id, name: d.name })) ?? [],
    status: asset?.status?.status ?? '',
    scheduled: toInputDay(asset?.scheduled),
    ...(asset ? { version: asset.version } : {}),
  };
}

/** Validation is the shared schema's; an update may keep a scheduled day that has since passed. */
export function assetFormResolver(
  asset: Asset | undefined,
): Resolver<AssetFormValues, unknown, Record<string, unknown>> {
  const schema = asset ? buildAssetUpdateInputSchema(asset.scheduled) : assetInputSchema;
  return zodResolver(schema as never) as unknown as Resolver<AssetFormValues, unknown, Record<string, unknown>>;
}

/**
 * Fields the user cannot see are left out, so saving leaves them as they are. So is the status unless the user
 * changed it: the tag's reports move it too (registered/moving), and the form's older value must not put theirs
 * back (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md).
 */
export function bodyFor(
  values: Record<string, unknown>,
  shown: { staffFields: boolean; profiles: boolean },
  statusChanged = true,
) {
  const body = { ...values };
  if (!statusChanged) delete body.status;
  if (!shown.staffFields) {
    delete body.devices;
    delete body.client;
    delete body.geo_zone;
  }
  if (!shown.profiles) delete body.asset_profile_definitions;
  return body;
}
