import type { UplinkIntegration } from '../../../shared/schemas/uplink-integrations';
import { UPLINK_SECRET_HEADER } from '../../../shared/schemas/uplink-integrations';
import { systemTenantContext } from '../data/system-context';
import { forbidden, payloadTooLarge } from '../http/errors';
import { tenantOfUplinkSecret } from '../uplink-integrations/integration-secrets';
import { type IngestOutcome, ingest } from './ingest';
import { fromChirpstackUplink } from './ways-in/chirpstack';
import type { WayInResult } from './ways-in/result';
import { fromTtsUplink, isTtsUplink } from './ways-in/tts';

export const UPLINK_SECRET_FORBIDDEN = 'The X-Uplink-Secret header does not match this way in.';
/** One uplink is a few hundred bytes of JSON; 64 KB leaves room for many gateways and a large decoded object. */
export const NETWORK_WEBHOOK_MAX_BYTES = 64 * 1024;

/** What the route answers for a message that is not an uplink (join, status, ack...): taken, nothing queued. */
const IGNORED: IngestOutcome = { accepted: 0 };

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * POST /api/tts/uplink and /api/chirpstack/uplink. The tenant comes only from the secret header (checked first,
 * before the body is read: a wrong or missing one is 403 and writes nothing); the DEVEUI is then the
 * processor's to check against that tenant, as for KPN. Other messages of the networks are answered 202 and
 * ignored, so neither network logs a failure for a join or a status event.
 */
export async function receiveNetworkUplink(
  kind: UplinkIntegration,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
  query: URLSearchParams,
  receivedAt: string,
): Promise<IngestOutcome> {
  const tenantId = await tenantOfUplinkSecret(kind, headers[UPLINK_SECRET_HEADER]);
  if (!tenantId) throw forbidden(UPLINK_SECRET_FORBIDDEN);
  if (rawBody.length > NETWORK_WEBHOOK_MAX_BYTES) throw payloadTooLarge();
  if (kind === 'chirpstack' && (query.get('event') ?? 'up') !== 'up') return IGNORED;
  const json = parseJson(rawBody);
  if (kind === 'tts' && json !== undefined && !isTtsUplink(json)) return IGNORED;
  const text = rawBody.toString('utf8');
  let result: WayInResult;
  if (json === undefined) result = { ok: false, reason: 'The body is not JSON' };
  else result = kind === 'tts' ? fromTtsUplink(json, receivedAt) : fromChirpstackUplink(json, receivedAt);
  return ingest(result, kind, text, receivedAt, { proved: systemTenantContext(tenantId) });
}
