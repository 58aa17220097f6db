import { THINGS_PLUG_HEADER, THINGS_TOKEN_HEADER } from '../../../shared/schemas/kpn-things';
import { systemTenantContext } from '../data/system-context';
import { forbidden } from '../http/errors';
import { getKpnSettings } from '../kpn-things/kpn-settings-repository';
import { decryptSecret } from '../kpn-things/secret-cipher';
import { findThingsPlugTenant, normalizePlugUuid } from '../kpn-things/things-plug';
import { type IngestOutcome, ingest } from './ingest';
import { thingsTokenMatches } from './things-token';
import { fromKpnSenml } from './ways-in/kpn-senml';

export const THINGS_FORBIDDEN = 'The Things-Message-Token does not match this destination.';

/**
 * POST /api/things/uplink (KPN Things HTTPS destination). The tenant is established the way a JWT
 * establishes it for the other routes: by a credential checked here, the message token made with the
 * tenant's own shared secret; the plug UUID only says which secret to try. Anything that does not check out
 * is 403 and writes nothing. After that, only the shape is read and the uplinks queued: KPN wants a fast 2xx.
 */
export async function receiveThingsUplink(
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
  receivedAt: string,
): Promise<IngestOutcome> {
  const plug = headers[THINGS_PLUG_HEADER];
  const token = headers[THINGS_TOKEN_HEADER];
  if (!plug || !token) throw forbidden(THINGS_FORBIDDEN);
  const tenantId = await findThingsPlugTenant(plug);
  if (!tenantId) throw forbidden(THINGS_FORBIDDEN);
  const ctx = systemTenantContext(tenantId);
  const settings = await getKpnSettings(ctx);
  // A lookup item left over from a change of plug finds settings that no longer name it.
  if (!settings?.things_shared_secret_encrypted || settings.things_plug_uuid !== normalizePlugUuid(plug))
    throw forbidden(THINGS_FORBIDDEN);
  const secret = await decryptSecret(
    settings.things_shared_secret_encrypted,
    ctx.tenantId,
    'kpn-things/things_shared_secret',
  );
  if (!thingsTokenMatches(rawBody, secret, token)) throw forbidden(THINGS_FORBIDDEN);
  const text = rawBody.toString('utf8');
  let records: unknown;
  try {
    records = JSON.parse(text);
  } catch {
    records = undefined;
  }
  const result =
    records === undefined ? { ok: false as const, reason: 'The body is not JSON' } : fromKpnSenml(records, receivedAt);
  // The destination's tenant goes with every uplink: the processor refuses a DEVEUI another tenant holds.
  return ingest(result, 'kpn', text, receivedAt, { proved: ctx });
}
