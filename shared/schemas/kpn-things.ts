import { z } from 'zod';
import { requiredText, versionShape } from './common';

export const KPN_THINGS_MESSAGES = {
  client_id: 'The Client ID is required',
  client_secret: 'The Client Secret is required',
  kpn_tenant_id: 'The KPN Tenant id is required',
  application_id: 'The Application ID is required',
  project_id: 'The Project ID is required',
  device_group_id: 'The Device group ID is required',
} as const;

/** KPN's documented application ids are not valid UUIDs (integrations.md s.1), so all six are plain text. */
const kpnThingsFields = {
  client_id: requiredText(KPN_THINGS_MESSAGES.client_id),
  client_secret: requiredText(KPN_THINGS_MESSAGES.client_secret, 1024),
  kpn_tenant_id: requiredText(KPN_THINGS_MESSAGES.kpn_tenant_id),
  application_id: requiredText(KPN_THINGS_MESSAGES.application_id),
  project_id: requiredText(KPN_THINGS_MESSAGES.project_id),
  device_group_id: requiredText(KPN_THINGS_MESSAGES.device_group_id),
};

/** POST /api/kpn-things/verify, and the first save when nothing is stored yet. */
export const kpnThingsSettingsInputSchema = z.object(kpnThingsFields);
export type KpnThingsSettingsInput = z.infer<typeof kpnThingsSettingsInputSchema>;

export const kpnThingsSettingsUpdateInputSchema = z.object({ ...kpnThingsFields, ...versionShape });
export type KpnThingsSettingsUpdateInput = z.infer<typeof kpnThingsSettingsUpdateInputSchema>;

export const kpnThingsSettingsSchema = z.object({
  client_id: z.string(),
  client_secret: z.string(),
  kpn_tenant_id: z.string(),
  application_id: z.string(),
  project_id: z.string(),
  device_group_id: z.string(),
  ...versionShape,
});
export type KpnThingsSettings = z.infer<typeof kpnThingsSettingsSchema>;

export const kpnThingsVerifyResponseSchema = z.boolean();
export const kpnThingsDeviceCountSchema = z.number().int().nonnegative();
