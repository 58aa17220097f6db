import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { VERSION_REQUIRED } from '../../../shared/schemas/common';
import type { KpnThingsSaveOutput, KpnThingsSettings } from '../../../shared/schemas/kpn-things';
import { KPN_THINGS_MESSAGES } from '../../../shared/schemas/kpn-things';
import { createRepository, type Stored } from '../data/repository';
import type { TenantContext } from '../data/tenant-context';
import { conflict, unprocessable } from '../http/errors';
import { decryptSecret, encryptSecret } from './secret-cipher';

/** A tenant's KPN Things settings: one record (id 1); the client secret only in encrypted form. */
export interface KpnSettingsRecord extends Stored {
  client_id: string;
  client_secret_encrypted: string;
  kpn_tenant_id: string;
  application_id: string;
  project_id: string;
  device_group_id: string;
}

/** The settings with the secret in clear: only ever passed to the KPN client, never answered. */
export type KpnCredentials = Omit<KpnSettingsRecord, keyof Stored | 'client_secret_encrypted'> & {
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
        version: record.version,
      }
    : EMPTY_KPN_SETTINGS;

const secretRequired = () =>
  unprocessable([{ propertyPath: 'client_secret', message: KPN_THINGS_MESSAGES.client_secret }]);

/** The submitted fields with a blank secret filled from the stored one (422 when nothing is stored). */
export async function resolveCredentials(
  ctx: TenantContext,
  input: KpnThingsSaveOutput,
  stored?: KpnSettingsRecord,
): Promise<KpnCredentials> {
  const { version: _version, client_secret, ...fields } = input;
  if (client_secret) return { ...fields, client_secret };
  if (!stored) throw secretRequired();
  return { ...fields, client_secret: await decryptSecret(stored.client_secret_encrypted, ctx.tenantId) };
}

/** First save creates (a concurrent first save gets 409); later saves need the version read (409 if stale). */
export async function saveKpnSettings(ctx: TenantContext, input: KpnThingsSaveOutput): Promise<KpnSettingsRecord> {
  const stored = await getKpnSettings(ctx);
  if (!stored && !input.client_secret) throw secretRequired();
  if (stored && input.version == null) throw unprocessable([{ propertyPath: 'version', message: VERSION_REQUIRED }]);
  const { version, client_secret, ...fields } = input;
  const client_secret_encrypted = client_secret
    ? await encryptSecret(client_secret, ctx.tenantId)
    : (stored?.client_secret_encrypted as string);
  if (stored)
    return repository.update(ctx, SETTINGS_ID, version as number, () => ({ ...fields, client_secret_encrypted }));
  try {
    return await repository.create(ctx, { ...fields, client_secret_encrypted }, SETTINGS_ID);
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw conflict();
    throw error;
  }
}
