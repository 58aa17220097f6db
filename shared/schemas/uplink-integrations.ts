import { z } from 'zod';

/**
 * The Things Stack webhooks and the ChirpStack v4 HTTP integration: each posts to its own
 * public route with a per-tenant secret in the `X-Uplink-Secret` header. The API makes the secret and shows it
 * once; only its SHA-256 is stored (docs/decisions/0247-the-things-stack-and-chirpstack-ways-in-a-per-tenant-secret-header.md).
 */
export const UPLINK_INTEGRATIONS = ['tts', 'chirpstack'] as const;
export type UplinkIntegration = (typeof UPLINK_INTEGRATIONS)[number];

/** The header both networks are configured to send (TTS webhook "headers", ChirpStack "Headers"). */
export const UPLINK_SECRET_HEADER = 'x-uplink-secret';

const integrationState = z.object({
  secret_set: z.boolean(),
  /** When the current secret was made (ISO 8601), null while none is. */
  created_at: z.string().nullable(),
});

export const uplinkIntegrationsSchema = z.object({
  tts: integrationState,
  chirpstack: integrationState,
});
export type UplinkIntegrations = z.infer<typeof uplinkIntegrationsSchema>;

/** The answer of a new secret: the only time it is shown. Making one replaces the previous secret at once. */
export const uplinkIntegrationSecretSchema = z.object({
  integration: z.enum(UPLINK_INTEGRATIONS),
  header: z.literal(UPLINK_SECRET_HEADER),
  secret: z.string(),
  created_at: z.string(),
});
export type UplinkIntegrationSecret = z.infer<typeof uplinkIntegrationSecretSchema>;
