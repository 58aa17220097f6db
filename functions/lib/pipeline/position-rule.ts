import type { Fix } from './contracts';
import { checkFix } from './plausibility';

/**
 * One bad position drops the position, not the uplink (docs/decisions/0246-every-way-in-robust-bad-positions-and-undecodable-payloads-dropped.md):
 * whichever way in, the processor keeps the uplink's flags, event type and time and only leaves its fix out.
 * The payload's own fix is tried first, then the network's; the first one `checkFix` accepts is used, and
 * every refused one leaves a warning on the event, so the device's event list says why it has no position.
 */
export interface PositionScreen {
  fix: Fix | undefined;
  warnings: string[];
}

export function screenPosition(
  candidates: readonly (Fix | undefined)[],
  previous: { fix: Fix; at: string } | undefined,
  at: string,
): PositionScreen {
  const warnings: string[] = [];
  for (const fix of candidates) {
    if (!fix) continue;
    const check = checkFix(fix, previous, at);
    if (check.ok) return { fix, warnings };
    warnings.push(`Position dropped: ${check.reason}`);
  }
  return { fix: undefined, warnings };
}
