import { z } from 'zod';
import { entityIdSchema, jsonLdShape, NAME_REQUIRED, requiredText, versionShape } from './common';

/**
 * LoRaWAN gateways that publish their tags' uplinks straight to IoT Core. Each is an IoT
 * thing with the tenant's id as its `tenant` attribute and its own certificate; the gateway policy lets it
 * publish only `tracking/<tenant id>/<DEVEUI>/uplink` (infra/iot-policies.ts).
 */
export const GATEWAY_EUI_REQUIRED = 'The gateway EUI is required';
export const GATEWAY_EUI_INVALID = 'The gateway EUI must be 16 hexadecimal characters';
export const GATEWAY_EUI_TAKEN = 'A gateway with this EUI is already registered.';
const GATEWAY_EUI_PATTERN = /^[0-9A-F]{16}$/;

/** Gateway EUIs are printed like DEVEUIs ("B8-27-EB-…", "b827eb…"); one spelling keeps them unique. */
export const normalizeGatewayEui = (value: string): string => value.replace(/[\s:-]/g, '').toUpperCase();

export const gatewayInputSchema = z.object({
  name: requiredText(NAME_REQUIRED),
  gateway_eui: z
    .string({ error: GATEWAY_EUI_REQUIRED })
    .overwrite(normalizeGatewayEui)
    .min(1, { error: GATEWAY_EUI_REQUIRED, abort: true })
    .regex(GATEWAY_EUI_PATTERN, { error: GATEWAY_EUI_INVALID }),
});
export type GatewayInput = z.infer<typeof gatewayInputSchema>;

/** What a gateway needs to connect: in the answer of the create call only, never stored, never shown again. */
export const gatewayCredentialsSchema = z.object({
  certificate_pem: z.string(),
  private_key: z.string(),
  /** The broker's address (mqtts://host:port), with mutual TLS (the certificate above). */
  endpoint: z.string(),
  /** MQTT client id: the gateway's thing name; IoT Core refuses any other. */
  client_id: z.string(),
  /** Where the gateway publishes each tag's uplink; `<DEVEUI>` is the tag's. */
  topic: z.string(),
});
export type GatewayCredentials = z.infer<typeof gatewayCredentialsSchema>;

export const gatewaySchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  gateway_eui: z.string(),
  thing_name: z.string(),
  topic: z.string(),
  created_at: z.string().optional(),
  credentials: gatewayCredentialsSchema.optional(),
  ...versionShape,
});
export type Gateway = z.infer<typeof gatewaySchema>;
