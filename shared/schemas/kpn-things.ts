import { z } from 'zod';
import { isBlank, requiredText, tooLong, versionSchema } from './common';

export const KPN_THINGS_MESSAGES = {
  client_id: 'The Client ID is required',
  client_secret: 'The Client Secret is required',
  kpn_tenant_id: 'The KPN Tenant id is required',
  application_id: 'The Application ID is required',
  project_id: 'The Project ID is required',
  device_group_id: 'The Device group ID is required',
} as const;

const SECRET_MAX = 1024;

/** KPN's documented application ids are not valid UUIDs (integrations.md s.1), so all six are plain text. */
const kpnThingsFields = {
  client_id: requiredText(KPN_THINGS_MESSAGES.client_id),
  client_secret: requiredText(KPN_THINGS_MESSAGES.client_secret, SECRET_MAX),
  kpn_tenant_id: requiredText(KPN_THINGS_MESSAGES.kpn_tenant_id),
  application_id: requiredText(KPN_THINGS_MESSAGES.application_id),
  project_id: requiredText(KPN_THINGS_MESSAGES.project_id),
  device_group_id: requiredText(KPN_THINGS_MESSAGES.device_group_id),
};

/** All six fields, the secret included: the form when no secret is stored yet. */
export const kpnThingsSettingsInputSchema = z.object(kpnThingsFields);
export type KpnThingsSettingsInput = z.infer<typeof kpnThingsSettingsInputSchema>;

/**
 * PUT /api/kpn-things and POST /api/kpn-things/verify. The stored secret is never sent back, so a blank
 * secret means "keep (or verify with) the stored one"; the API answers 'The Client Secret is required' when
 * there is none. `version` is required once settings exist (the first save has none to echo).
 */
export const kpnThingsSaveInputSchema = z.object({
  ...kpnThingsFields,
  client_secret: z
    .string()
    .nullish()
    .transform((v) => (isBlank(v) ? undefined : v))
    .pipe(
      z
        .string()
        .max(SECRET_MAX, { error: tooLong(SECRET_MAX) })
        .optional(),
    ),
  version: versionSchema.nullish(),
});
export type KpnThingsSaveInput = z.input<typeof kpnThingsSaveInputSchema>;
export type KpnThingsSaveOutput = z.output<typeof kpnThingsSaveInputSchema>;

/** GET /api/kpn-things: the secret is masked (always null); `client_secret_set` says whether one is stored. */
export const kpnThingsSettingsSchema = z.object({
  client_id: z.string(),
  client_secret: z.null(),
  client_secret_set: z.boolean(),
  kpn_tenant_id: z.string(),
  application_id: z.string(),
  project_id: z.string(),
  device_group_id: z.string(),
  version: z.number().int().nullable(),
});
export type KpnThingsSettings = z.infer<typeof kpnThingsSettingsSchema>;

export const kpnThingsVerifyResponseSchema = z.boolean();
export const kpnThingsDeviceCountSchema = z.number().int().nonnegative();
