import { assetActionInputSchema, buildAssetUpdateInputSchema, STATUS_NOT_FOUND } from '../../../shared/schemas/asset';
import type { AssetStatusValue } from '../../../shared/schemas/asset-status';
import { moveOpenAlarmsOfAsset } from '../alarms/alarm-inbox';
import type { AuthContext } from '../auth/auth-context';
import type { TenantContext } from '../data/tenant-context';
import { unprocessable } from '../http/errors';
import type { HttpEvent } from '../http/handler';
import { expectationOf, writeExpecting } from '../http/preconditions';
import { validate } from '../http/validation';
import { liveAssetChanged } from '../live/publisher';
import type { ReportKind } from '../notifications/report-notice';
import { actorOf } from '../pickups/actor';
import { saveAssetAction, type TransactItems } from '../pickups/pickup-writes';
import { pickupRequestedAt, queueStatusEvents } from '../pickups/status-events';
import { type AssetRecord, assetRepository } from './asset-repository';
import { assetStatusRef, findAssetStatus } from './asset-status';
import { type AssetViewer, assertCanSee, assetViewerOf, presentAsset } from './asset-view';
import { applyReferences, resolveReferences, saveAsset } from './asset-writes';

/**
 * The write helpers of the assets handler (functions/http/assets.ts): a new asset's empty
 * fields, the client users' refusal, the action template (read, check the version or If-Match, write with the
 * version condition, tell the live map and the status events), the form's update and the status lookup.
 */
export const emptyAsset = (): Omit<AssetRecord, 'id' | 'version' | 'name'> => ({
  logical_id: null,
  reference: null,
  description: null,
  devices: [],
  street: null,
  postalCode: null,
  city: null,
  region: null,
  country: null,
  days_still: null,
  lastCommunication: null,
  lastLocationUpdate: null,
  geo_zone: null,
  client: null,
  scheduled: null,
  asset_profile_relations: [],
  asset_profile_definitions: [],
  days_outside_geo_zone: 0,
  status: null,
  last_event: null,
  attachments: [],
});

export async function visibleAsset(auth: AuthContext, viewer: AssetViewer, id: number) {
  return assertCanSee(viewer, await assetRepository.get(auth.tenant, id));
}

/**
 * The delivered / deregister / reset actions: read (404 if invisible), check the optional version or If-Match
 * (409 / 412), apply the change with the version condition (a concurrent writer gets 409).
 */
export async function runAction(
  auth: AuthContext,
  event: HttpEvent,
  id: number,
  body: unknown,
  change: (asset: AssetRecord, ctx: TenantContext) => Promise<Omit<AssetRecord, 'id' | 'version'>>,
  extra?: (asset: AssetRecord) => TransactItems,
) {
  const viewer = await assetViewerOf(auth);
  const input = validate(assetActionInputSchema, body);
  const by = actorOf(auth);
  const updated = await writeExpecting(
    expectationOf(event, input?.version),
    () => visibleAsset(auth, viewer, id),
    async (current) => {
      const next = await change(current, auth.tenant);
      const requestedAt = await pickupRequestedAt(auth.tenant, current);
      // The pickup item and the reset's record move in the asset write's transaction.
      const saved = await saveAssetAction(auth.tenant, current, next, by, extra?.(current));
      liveAssetChanged(auth.tenant, current, saved);
      queueStatusEvents(auth.tenant, current, saved, by, { at: new Date().toISOString(), requestedAt });
      return saved;
    },
  );
  return presentAsset(viewer, updated);
}

/**
 * PUT /api/assets/{id} on the asset as read: only the fields the form sends change (saveAsset writes only
 * what differs), so the pipeline's state stays as it is. A change of what an edit resets (geofence and
 * loan-day state) belongs here, between the form's fields and the save.
 */
export async function updateAsset(ctx: TenantContext, current: AssetRecord, body: unknown, by: number | null) {
  const input = validate(buildAssetUpdateInputSchema(current.scheduled), body);
  const refs = await resolveReferences(ctx, input);
  const data = await applyReferences(
    ctx,
    {
      ...current,
      name: input.name,
      ...(input.reference === undefined ? {} : { reference: input.reference }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.scheduled === undefined ? {} : { scheduled: input.scheduled }),
    },
    refs,
  );
  return saveAsset(ctx, current, data, refs.devices, input.asset_profile_definitions, by);
}

/**
 * The whole of an asset edit on the asset as read, for PUT /api/assets/{id} and each row of a bulk edit
 * (functions/lib/bulk-edit/apply-asset-row.ts): the save, then what a changed status emits (its webhook events, as
 * the status actions emit them) and the open alarms following the asset to its new customer's inbox.
 */
export async function editAsset(ctx: TenantContext, current: AssetRecord, body: unknown, by: number | null) {
  const requestedAt = await pickupRequestedAt(ctx, current);
  const saved = await updateAsset(ctx, current, body, by);
  queueStatusEvents(ctx, current, saved, by, { at: new Date().toISOString(), requestedAt });
  const after = saved.client?.id ?? null;
  if (after !== (current.client?.id ?? null)) await moveOpenAlarmsOfAsset(ctx, current.id, { clientId: after });
  return saved;
}

/** The body's `version` when it has one; the schema reports a malformed one on the field. */
export const bodyVersionOf = (body: unknown) => {
  const version = (body as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : undefined;
};

export const reportOf = (auth: AuthContext, asset: { name: string }, kind: ReportKind) => ({
  kind,
  assetName: asset.name,
  reporter: auth.username,
  at: new Date().toISOString(),
});

export async function withStatus(ctx: TenantContext, asset: AssetRecord, value: AssetStatusValue) {
  const entry = await findAssetStatus(ctx, value);
  if (!entry) throw unprocessable([{ propertyPath: 'status', message: STATUS_NOT_FOUND }]);
  return { ...asset, status: assetStatusRef(entry) };
}
