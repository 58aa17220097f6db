import { VERSION_REQUIRED } from '../../../shared/schemas/common';
import type { KpnThingsSaveOutput, KpnThingsSettings } from '../../../shared/schemas/kpn-things';
import { KPN_THINGS_MESSAGES } from '../../../shared/schemas/kpn-things';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { conflict, unprocessable } from '../http/errors';
import { decryptSecret, encryptSecret } from './secret-cipher';
import { claimThingsPlug, normalizePlugUuid, releaseThingsPlug } from './things-plug';

/** A tenant's KPN Things settings: one record (id 1); the client secret only in encrypted form. */
export interface KpnSettingsRecord extends Stored {
  client_id: string;
  client_secret_encrypted: string;
  kpn_tenant_id: string;
  application_id: string;
  project_id: string;
  device_group_id: string;
  /** The KPN Things HTTPS destination (webhook): its plug UUID and encrypted shared secret, when set up. */
  things_plug_uuid?: string | null;
  things_shared_secret_encrypted?: string | null;
}

/** The settings with the secret in clear: only ever passed to the KPN client, never answered. */
export type KpnCredentials = Omit<
  KpnSettingsRecord,
  keyof Stored | 'client_secret_encrypted' | 'things_plug_uuid' | 'things_shared_secret_encrypted'
> & {
  client_secret: string;
};

const SETTINGS_ID = 1;
const repository = createRepository<KpnSettingsRecord>({ type: 'KPN_SETTINGS' });

export const getKpnSettings = (ctx: TenantContext) => repository.get(ctx, SETTINGS_ID);

export const EMPTY_KPN_SETTINGS: KpnThingsSettings = {
  client_id: '',
  client_secret: null,
  client_secret_set: false,
  kpn_tenant_id: '',
  application_id: '',
  project_id: '',
  device_group_id: '',
  things_plug_uuid: null,
  things_shared_secret: null,
  things_shared_secret_set: false,
  version: null,
};

export const toApiKpnSettings = (record: KpnSettingsRecord | undefined): KpnThingsSettings =>
  record
    ? {
        client_id: record.client_id,
        client_secret: null,
        client_secret_set: true,
        kpn_tenant_id: record.kpn_tenant_id,
        application_id: record.application_id,
        project_id: record.project_id,
        device_group_id: record.device_group_id,
        things_plug_uuid: record.things_plug_uuid ?? null,
        things_shared_secret: null,
        things_shared_secret_set: Boolean(record.things_shared_secret_encrypted),
        version: record.version,
      }
    : EMPTY_KPN_SETTINGS;

const secretRequired = () =>
  unprocessable([{ propertyPath: 'client_secret', message: KPN_THINGS_MESSAGES.client_secret }]);

/** The submitted fields with a blank secret filled from the stored one (422 when nothing is stored). */
export async function resolveCredentials(
  ctx: TenantContext,
  input: Omit<KpnThingsSaveOutput, 'things_plug_uuid'> & Partial<Pick<KpnThingsSaveOutput, 'things_plug_uuid'>>,
  stored?: KpnSettingsRecord,
): Promise<KpnCredentials> {
  const { version: _version, client_secret, things_plug_uuid: _plug, things_shared_secret: _shared, ...fields } = input;
  if (client_secret) return { ...fields, client_secret };
  if (!stored) throw secretRequired();
  return {
    ...fields,
    client_secret: await decryptSecret(stored.client_secret_encrypted, ctx.tenantId, 'kpn-things/client_secret'),
  };
}

/** The destination's fields as stored: a new shared secret encrypted, a blank one kept; 422 without any. */
async function thingsDestination(ctx: TenantContext, input: KpnThingsSaveOutput, stored?: KpnSettingsRecord) {
  const plug = input.things_plug_uuid === undefined ? (stored?.things_plug_uuid ?? null) : input.things_plug_uuid;
  const things_plug_uuid = plug ? normalizePlugUuid(plug) : null;
  const things_shared_secret_encrypted = input.things_shared_secret
    ? await encryptSecret(input.things_shared_secret, ctx.tenantId, 'kpn-things/things_shared_secret')
    : (stored?.things_shared_secret_encrypted ?? null);
  if (things_plug_uuid && !things_shared_secret_encrypted)
    throw unprocessable([
      { propertyPath: 'things_shared_secret', message: KPN_THINGS_MESSAGES.things_shared_secret_required },
    ]);
  return { things_plug_uuid, things_shared_secret_encrypted };
}

/**
 * First save creates (a concurrent first save gets 409); later saves need the version read (409 if stale).
 * The plug lookup item is written before the settings and the old one removed after them: a failure in
 * between leaves a lookup item whose settings do not name its plug, which the webhook treats as unknown.
 */
export async function saveKpnSettings(ctx: TenantContext, input: KpnThingsSaveOutput): Promise<KpnSettingsRecord> {
  const stored = await getKpnSettings(ctx);
  if (!stored && !input.client_secret) throw secretRequired();
  if (stored && input.version == null) throw unprocessable([{ propertyPath: 'version', message: VERSION_REQUIRED }]);
  const { version, client_secret, things_plug_uuid: _plug, things_shared_secret: _shared, ...fields } = input;
  const destination = await thingsDestination(ctx, input, stored);
  const client_secret_encrypted = client_secret
    ? await encryptSecret(client_secret, ctx.tenantId, 'kpn-things/client_secret')
    : (stored?.client_secret_encrypted as string);
  if (destination.things_plug_uuid) await claimThingsPlug(ctx, destination.things_plug_uuid);
  const saved = await writeSettings(ctx, stored, version, { ...fields, ...destination, client_secret_encrypted });
  const previousPlug = stored?.things_plug_uuid;
  if (previousPlug && previousPlug !== destination.things_plug_uuid) await releaseThingsPlug(ctx, previousPlug);
  return saved;
}

async function writeSettings(
  ctx: TenantContext,
  stored: KpnSettingsRecord | undefined,
  version: number | null | undefined,
  record: Omit<KpnSettingsRecord, keyof Stored>,
): Promise<KpnSettingsRecord> {
  if (stored) return repository.update(ctx, SETTINGS_ID, version as number, () => record);
  return repository.create(ctx, record, { id: SETTINGS_ID, cancelled: () => conflict() });
}
