import { z } from 'zod';

/**
 * A device's connectivity (docs/decisions/0254-silent-tags-four-connectivity-states-stored-on-the-device.md): whether its
 * uplinks arrive as often as its device profile's heartbeat says.
 *
 *   online  heard within the expected interval (with ChirpStack's 1.5 × margin)
 *   late    one interval missed: nothing for 1.5 × the interval
 *   silent  N intervals missed (the profile's `silent_after_intervals`): the "tag silent" alarm
 *   never   no uplink taken yet
 *
 * Stored on the device by the processor (online, on every uplink) and the silent-tag job (late, silent); the
 * API answers it by name, the console as a coloured chip.
 */
export const CONNECTIVITY_STATES = ['online', 'late', 'silent', 'never'] as const;
export type Connectivity = (typeof CONNECTIVITY_STATES)[number];

export const CONNECTIVITY_INVALID = 'The connectivity must be one of online, late, silent, never';

export const connectivitySchema = z.enum(CONNECTIVITY_STATES);

/** The `connectivity=` filter of GET /api/devices: one state, or several separated by commas. */
export const connectivityFilterSchema = z.preprocess(
  (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.split(',').map((part) => part.trim()) : undefined,
  z
    .array(z.enum(CONNECTIVITY_STATES, { error: CONNECTIVITY_INVALID }))
    .max(CONNECTIVITY_STATES.length * 2, {
      error: CONNECTIVITY_INVALID,
    })
    .optional(),
);

/** The order of `order[connectivity]=asc`: fine first, the worst last (never heard is its own case, after). */
export const CONNECTIVITY_RANK: Record<Connectivity, number> = { online: 0, late: 1, silent: 2, never: 3 };
