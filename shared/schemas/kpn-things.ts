import { z } from 'zod';
import { isBlank, optionalText, requiredText, tooLong, versionSchema } from './common';

const SECRET_MAX = 1024;

export const KPN_THINGS_MESSAGES = {
  client_id: 'The Client ID is required',
  client_secret: 'The Client Secret is required',
  kpn_tenant_id: 'The KPN Tenant id is required',
  application_id: 'The Application ID is required',
  project_id: 'The Project ID is required',
  device_group_id: 'The Device group ID is required',
  things_plug_uuid: 'The plug UUID may hold only letters, digits and dashes',
  things_shared_secret:
    'The shared secret needs at least 32 characters with upper case, lower case, a digit and a special character',
  things_shared_secret_required: 'The shared secret is required with a plug UUID',
} as const;

/** KPN's own rule for an HTTPS destination's shared secret (integrations.md 1.1). */
export const isStrongSharedSecret = (secret: string) =>
  secret.length >= 32 &&
  /[A-Z]/.test(secret) &&
  /[a-z]/.test(secret) &&
  /\d/.test(secret) &&
  /[^A-Za-z0-9]/.test(secret);

/** The headers of a KPN Things HTTPS destination's request, as Node.js reads them (lower case). */
export const THINGS_PLUG_HEADER = 'things-plug-uuid';
export const THINGS_TOKEN_HEADER = 'things-message-token';

/**
 * The KPN Things HTTPS destination: `Things-Plug-UUID` names the destination, so it finds the tenant
 * and its shared secret (POST /api/things/uplink). Both optional: blank means no webhook for this tenant.
 * The secret follows client_secret: never answered, blank keeps the stored one.
 */
const thingsDestinationFields = {
  things_plug_uuid: optionalText(100).refine((v) => v == null || /^[A-Za-z0-9-]+$/.test(v), {
    error: KPN_THINGS_MESSAGES.things_plug_uuid,
  }),
  things_shared_secret: z
    .string()
    .nullish()
    .transform((v) => (isBlank(v) ? undefined : v))
    .refine((v) => v === undefined || isStrongSharedSecret(v), { error: KPN_THINGS_MESSAGES.things_shared_secret })
    .pipe(
      z
        .string()
        .max(SECRET_MAX, { error: tooLong(SECRET_MAX) })
        .optional(),
    ),
};

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
export const kpnThingsSettingsInputSchema = z.object({ ...kpnThingsFields, ...thingsDestinationFields });
export type KpnThingsSettingsInput = z.infer<typeof kpnThingsSettingsInputSchema>;

/**
 * PUT /api/kpn-things and POST /api/kpn-things/verify. The stored secret is never sent back, so a blank
 * secret means "keep (or verify with) the stored one"; the API answers 'The Client Secret is required' when
 * there is none. `version` is required once settings exist (the first save has none to echo).
 */
export const kpnThingsSaveInputSchema = z.object({
  ...kpnThingsFields,
  ...thingsDestinationFields,
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
  things_plug_uuid: z.string().nullable(),
  things_shared_secret: z.null(),
  things_shared_secret_set: z.boolean(),
  version: z.number().int().nullable(),
});
export type KpnThingsSettings = z.infer<typeof kpnThingsSettingsSchema>;

export const kpnThingsVerifyResponseSchema = z.boolean();
export const kpnThingsDeviceCountSchema = z.number().int().nonnegative();

/** The answer of POST /api/things/uplink (functions/lib/pipeline/ingest.ts): records taken, and why not. */
export const ingestOutcomeSchema = z.object({
  accepted: z.number().int().nonnegative(),
  rejected: z.string().optional(),
});
