import type { TenantContext } from '../data/tenant-context';
import { uplinksQueued } from '../observability/product-metrics';
import { claimHoldersOf, readClaimHolder } from './claim-holders';
import type { NormalizedUplink, ReadUplink, UplinkSource } from './contracts';
import { enqueueUplinks } from './queue/uplink-queue';
import { countRejections, foreignDevEuiReason, recordRejection } from './rejections';
import type { WayInResult } from './ways-in/result';

export interface IngestOutcome {
  accepted: number;
  rejected?: string;
}

/**
 * The tenant a way in puts on its uplinks (docs/security.md, "Writing another tenant's tags through one's own way in"):
 * - `proved`: its credential names the tenant (KPN: the message token made with that tenant's secret).
 * - `claim`: it proves no tenant today (MQTT, LoRaWAN), so the DEVEUI claim's tenant is read here, at ingest.
 *   That is the gap the gateway work (things with a tenant attribute, broker authentication) closes by
 *   turning these ways in into `proved` ones.
 * `boundDevEui` is the DEVEUI the way in bound the message to before reading it (MQTT: the topic's), under
 * which a refused body is recorded when no tenant is known.
 */
export type TenantProof = { proved: TenantContext } | { claim: true; boundDevEui?: string | null };

/** The claim's tenant per DEVEUI, read now (uncached: a tag registered a moment ago is found). */
async function claimTenants(devEuis: readonly string[]): Promise<Map<string, string>> {
  const tenants = new Map<string, string>();
  for (const devEui of new Set(devEuis)) {
    const holder = await readClaimHolder(devEui);
    if (holder !== null) tenants.set(devEui, holder);
  }
  return tenants;
}

/** `answered`: what the way in answers as accepted; `refused`: the reason it answers, when it may say one. */
type Tenanted = { tenanted: NormalizedUplink[]; answered: number; refused?: string };

/**
 * A proved tenant's uplinks, less those for a DEVEUI another tenant holds: refused here, before the queue, so
 * they never take a place in the holder's tag's queue nor cost the processor anything (docs/decisions/0288-uplinks-queue-per-tenant-and-deveui-another-tenant-s-tag-is-refused-at-ingest-and-counted.md),
 * and counted for the sender. An unclaimed DEVEUI is queued as before; the processor records it as unknown.
 * The sender's answer is the one a queued uplink gets: an answer that told a held DEVEUI from a free one would
 * be the oracle the registration's refusal budget exists to close (docs/security.md, "Learning or blocking
 * another tenant's tags by DEVEUI").
 */
async function ownUplinks(uplinks: ReadUplink[], ctx: TenantContext, raw: string): Promise<Tenanted> {
  const holders = await claimHoldersOf(uplinks.map((u) => u.devEui));
  const tenanted: NormalizedUplink[] = [];
  const foreign: ReadUplink[] = [];
  for (const uplink of uplinks) {
    const holder = holders.get(uplink.devEui) ?? null;
    if (holder === null || holder === ctx.tenantId) tenanted.push({ ...uplink, tenant: ctx.tenantId });
    else foreign.push(uplink);
  }
  const answered = uplinks.length;
  if (foreign.length === 0) return { tenanted, answered };
  await countRejections(
    foreign.map((uplink) => ({
      reason: foreignDevEuiReason(uplink.devEui),
      source: uplink.source,
      devEui: uplink.devEui,
      receivedAt: uplink.receivedAt,
      measuredAt: uplink.measuredAt,
      raw,
    })),
    ctx,
  );
  return { tenanted, answered };
}

async function withTenants(uplinks: ReadUplink[], proof: TenantProof, raw: string): Promise<Tenanted> {
  if ('proved' in proof) return ownUplinks(uplinks, proof.proved, raw);
  const tenants = await claimTenants(uplinks.map((u) => u.devEui));
  const tenanted: NormalizedUplink[] = [];
  const unknown: ReadUplink[] = [];
  for (const uplink of uplinks) {
    const tenant = tenants.get(uplink.devEui);
    if (tenant) tenanted.push({ ...uplink, tenant });
    else unknown.push(uplink);
  }
  // No tenant to carry: recorded here under the DEVEUI, as the processor records an unknown DEVEUI.
  for (const uplink of unknown)
    await recordRejection({
      reason: 'Unknown DEVEUI',
      source: uplink.source,
      devEui: uplink.devEui,
      receivedAt: uplink.receivedAt,
      measuredAt: uplink.measuredAt,
      raw,
    });
  return { tenanted, answered: tenanted.length, ...(unknown.length > 0 ? { refused: 'Unknown DEVEUI' } : {}) };
}

/**
 * What every way in does with its reader's answer: put the tenant it proved on each uplink and queue them, or
 * record the refusal (an unreadable body never reaches the queue). Only the shape and, for a proved tenant, the
 * DEVEUI's holder (one cached read) are checked here, so the ways in answer fast; the payload and the position
 * are the processor's checks, and it checks the DEVEUI again.
 */
export async function ingest(
  result: WayInResult,
  source: UplinkSource,
  raw: string,
  receivedAt: string,
  proof: TenantProof,
): Promise<IngestOutcome> {
  if (!result.ok) {
    const ctx = 'proved' in proof ? proof.proved : undefined;
    const devEui = 'claim' in proof ? (proof.boundDevEui ?? null) : null;
    await recordRejection({ reason: result.reason, source, devEui, receivedAt, raw }, ctx);
    return { accepted: 0, rejected: result.reason };
  }
  const { tenanted, answered, refused } = await withTenants(result.uplinks, proof, raw);
  await enqueueUplinks(tenanted);
  uplinksQueued(source, tenanted.length);
  return { accepted: answered, ...(refused ? { rejected: refused } : {}) };
}
