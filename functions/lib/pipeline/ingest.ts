import type { TenantContext } from '../data/tenant-context';
import type { UplinkSource } from './contracts';
import { enqueueUplinks } from './queue/uplink-queue';
import { recordRejection } from './rejections';
import type { WayInResult } from './ways-in/result';

export interface IngestOutcome {
  accepted: number;
  rejected?: string;
}

/**
 * What every way in does with its reader's answer: queue the uplinks, or record the refusal (an unreadable
 * body never reaches the queue). Only the shape is checked here, so the ways in answer fast; the DEVEUI,
 * the payload and the position are checked by the processor, which reads the device anyway.
 */
export async function ingest(
  result: WayInResult,
  source: UplinkSource,
  raw: string,
  receivedAt: string,
  ctx?: TenantContext,
): Promise<IngestOutcome> {
  if (!result.ok) {
    await recordRejection({ reason: result.reason, source, devEui: null, receivedAt, raw }, ctx);
    return { accepted: 0, rejected: result.reason };
  }
  await enqueueUplinks(result.uplinks);
  return { accepted: result.uplinks.length };
}
