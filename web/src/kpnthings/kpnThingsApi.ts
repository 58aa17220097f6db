import {
  type KpnThingsSaveInput,
  kpnThingsDeviceCountSchema,
  kpnThingsSettingsSchema,
  kpnThingsVerifyResponseSchema,
} from '@shared/schemas/kpn-things';
import {
  type UplinkIntegration,
  uplinkIntegrationSecretSchema,
  uplinkIntegrationsSchema,
} from '@shared/schemas/uplink-integrations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/apiClient';

export const KPN_SETTINGS_KEY = ['kpn-things'] as const;

export const kpnSettingsQuery = queryOptions({
  queryKey: KPN_SETTINGS_KEY,
  queryFn: async () => kpnThingsSettingsSchema.parse(await api.get('/api/kpn-things')),
});

export const kpnDeviceCountQuery = queryOptions({
  queryKey: [...KPN_SETTINGS_KEY, 'device-count'],
  queryFn: async () => kpnThingsDeviceCountSchema.parse(await api.get('/api/kpn-things/device-count')),
  retry: false,
});

/** A blank secret keeps (or verifies with) the stored one; the answer never carries it. */
export const saveKpnSettings = async (input: KpnThingsSaveInput) =>
  kpnThingsSettingsSchema.parse(await api.put('/api/kpn-things', input));

export const verifyKpnSettings = async (input: KpnThingsSaveInput) =>
  kpnThingsVerifyResponseSchema.parse(await api.post('/api/kpn-things/verify', input));

export const UPLINK_INTEGRATIONS_KEY = ['uplink-integrations'] as const;

/** Whether the TTS and ChirpStack secrets are set: never the secrets themselves. */
export const uplinkIntegrationsQuery = queryOptions({
  queryKey: UPLINK_INTEGRATIONS_KEY,
  queryFn: async () => uplinkIntegrationsSchema.parse(await api.get('/api/uplink-integrations')),
});

/** A new secret, replacing the previous one: the answer is the only time it is shown. */
export const createUplinkSecret = async (kind: UplinkIntegration) =>
  uplinkIntegrationSecretSchema.parse(await api.post(`/api/uplink-integrations/${kind}/secret`, undefined));
