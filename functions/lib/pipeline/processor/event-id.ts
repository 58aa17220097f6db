import { createHash } from 'node:crypto';
import type { NormalizedUplink } from '../contracts';

/**
 * The id of a pipeline event, derived from what identifies the uplink (DEVEUI and measuredAt to the
 * millisecond; not the frame counter, which restarts at every join and which KPN's webhook does not carry),
 * so a replay by any way in builds the same key `EV#<measuredAt>#<id>` and the conditional put writes nothing; no id
 * counter write per event either. 15 digits (10^14 … 10^15 − 1): clear of the counter-issued ids of the seed
 * and imports, equal width among themselves, and far below Number.MAX_SAFE_INTEGER. Two different uplinks of
 * one tenant share an id with odds of about n²/1.8·10^15 (one in a million at 40,000 events a device-ms);
 * they would still be two items, since the date and the device are in the key.
 */
const LOW = 100_000_000_000_000n;
const SPAN = 900_000_000_000_000n;

export function pipelineEventId(uplink: Pick<NormalizedUplink, 'devEui' | 'measuredAt'>): number {
  const identity = `${uplink.devEui}|${new Date(uplink.measuredAt).toISOString()}`;
  const digest = createHash('sha256').update(identity).digest();
  return Number(LOW + (digest.readBigUInt64BE(0) % SPAN));
}
