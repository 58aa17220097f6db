import { HttpError } from '../lib/http/errors';
import { createHttpHandler, reply, route } from '../lib/http/handler';
import { countGroupDevices, KpnCallError, verifyCredentials } from '../lib/kpn-things/kpn-client';
import {
  getKpnSettings,
  resolveCredentials,
  saveKpnSettings,
  toApiKpnSettings,
} from '../lib/kpn-things/kpn-settings-repository';
import { createUplinkSecret, uplinkIntegrationsOf } from '../lib/uplink-integrations/integration-secrets';

/**
 * KPN Things integration settings of the tenant (spec 001 s.2 /kpnthings, s.7). The secret never leaves.
 * Also the secrets of the TTS and ChirpStack ways in: made here, answered once, stored hashed.
 */
const KPN_UNREACHABLE = 'KPN Things could not be reached with the saved settings.';

export const handler = createHttpHandler('kpn-things', {
  'kpn.get': route({
    run: async ({ auth }) => toApiKpnSettings(await getKpnSettings(auth.tenant)),
  }),
  'kpn.save': route({
    run: async ({ auth, body }) => toApiKpnSettings(await saveKpnSettings(auth.tenant, body)),
  }),
  /** The form's values as typed (a blank secret means the stored one); answers true or false, never 5xx. */
  'kpn.verify': route({
    run: async ({ auth, body, logger }) => {
      const credentials = await resolveCredentials(auth.tenant, body, await getKpnSettings(auth.tenant));
      const verified = await verifyCredentials(credentials);
      if (!verified) logger.info('KPN Things verification failed');
      return verified;
    },
  }),
  /** Super admins: devices in the tenant's device group; 0 while nothing is configured. */
  'kpn.deviceCount': route({
    run: async ({ auth, logger }) => {
      const stored = await getKpnSettings(auth.tenant);
      if (!stored) return 0;
      try {
        return await countGroupDevices(await resolveCredentials(auth.tenant, { ...stored }, stored));
      } catch (error) {
        if (!(error instanceof KpnCallError)) throw error;
        logger.warn('KPN Things device count failed', { reason: error.message });
        throw new HttpError(502, KPN_UNREACHABLE);
      }
    },
  }),
  'uplinkIntegrations.get': route({ run: async ({ auth }) => uplinkIntegrationsOf(auth.tenant) }),
  'uplinkIntegrations.ttsSecret': route({
    run: async ({ auth }) => reply(201, await createUplinkSecret(auth.tenant, 'tts')),
  }),
  'uplinkIntegrations.chirpstackSecret': route({
    run: async ({ auth }) => reply(201, await createUplinkSecret(auth.tenant, 'chirpstack')),
  }),
});
