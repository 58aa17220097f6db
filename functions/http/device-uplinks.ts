import { createHttpHandler, reply, route } from '../lib/http/handler';
import { receiveThingsUplink } from '../lib/pipeline/kpn-webhook';

/**
 * Device uplinks over HTTPS (issue 9): the KPN Things destination. Public (no JWT): the message token is the
 * credential. The raw body is read, because the token is a hash of the bytes as sent.
 */
export const handler = createHttpHandler('device-uplinks', {
  'uplinks.kpnThings': route({
    rawBody: true,
    run: async ({ event }) => {
      const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
      const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      const outcome = await receiveThingsUplink(raw, headers, new Date().toISOString());
      return reply(202, outcome);
    },
  }),
});
