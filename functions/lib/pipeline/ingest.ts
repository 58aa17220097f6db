import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import type { TenantContext } from '../data/tenant-context';
import { devEuiClaimKey } from '../devices/dev-eui-claims';
import { uplinksQueued } from '../observability/product-metrics';
import type { NormalizedUplink, ReadUplink, UplinkSource } from './contracts';
import { enqueueUplinks } from './queue/uplink-queue';
import { recordRejection } from './rejections';
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

/** The claim's tenant per DEVEUI (strongly consistent: a tag registered a moment ago is found). */
async function claimTenants(devEuis: readonly string[]): Promise<Map<string, string>> {
  const tenants = new Map<string, string>();
  for (const devEui of new Set(devEuis)) {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: devEuiClaimKey(devEui), ConsistentRead: true }),
    );
    if (Item?.tenantId !== undefined) tenants.set(devEui, String(Item.tenantId));
  }
  return tenants;
}

async function withTenants(
  uplinks: ReadUplink[],
  proof: TenantProof,
  raw: string,
): Promise<{ tenanted: NormalizedUplink[]; unknown: ReadUplink[] }> {
  if ('proved' in proof)
    return { tenanted: uplinks.map((u) => ({ ...u, tenant: proof.proved.tenantId })), unknown: [] };
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
  return { tenanted, unknown };
}

/**
 * What every way in does with its reader's answer: put the tenant it proved on each uplink and queue them, or
 * record the refusal (an unreadable body never reaches the queue). Only the shape is checked here, so the ways
 * in answer fast; whether the DEVEUI is the tenant's, the payload and the position are the processor's checks.
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
  const { tenanted, unknown } = await withTenants(result.uplinks, proof, raw);
  await enqueueUplinks(tenanted);
  uplinksQueued(source, tenanted.length);
  return { accepted: tenanted.length, ...(unknown.length > 0 ? { rejected: 'Unknown DEVEUI' } : {}) };
}
