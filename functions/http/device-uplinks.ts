import type { UplinkIntegration } from '../../shared/schemas/uplink-integrations';
import { createHttpHandler, type HttpRequest, reply, route } from '../lib/http/handler';
import { receiveThingsUplink } from '../lib/pipeline/kpn-webhook';
import { receiveNetworkUplink } from '../lib/pipeline/network-webhooks';

/**
 * Device uplinks over HTTPS: the KPN Things destination, The Things Stack webhook and the ChirpStack
 * HTTP integration. Public (no JWT): a header is the credential. The raw body is read, because the
 * KPN token is a hash of the bytes as sent, and the other two are refused before their body is parsed.
 */
const rawOf = ({ event }: HttpRequest) => Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
const headersOf = ({ event }: HttpRequest) =>
  Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

const networkRoute = (kind: UplinkIntegration) =>
  route({
    rawBody: true,
    run: async (request) => {
      const query = new URLSearchParams(request.rawQuery);
      const outcome = await receiveNetworkUplink(
        kind,
        rawOf(request),
        headersOf(request),
        query,
        new Date().toISOString(),
      );
      return reply(202, outcome);
    },
  });

export const handler = createHttpHandler('device-uplinks', {
  'uplinks.kpnThings': route({
    rawBody: true,
    run: async (request) => {
      const outcome = await receiveThingsUplink(rawOf(request), headersOf(request), new Date().toISOString());
      return reply(202, outcome);
    },
  }),
  'uplinks.tts': networkRoute('tts'),
  'uplinks.chirpstack': networkRoute('chirpstack'),
});
