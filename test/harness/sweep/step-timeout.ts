/**
 * A sweep's setup and steps send thousands of requests, and `npm test` runs the sweeps as batch work at nice 15
 * beside the browser project (scripts/test/all.ts), on what that leaves of the machine: a step that takes 90 s
 * on a quiet machine can take several minutes there. The timeout only catches a hang.
 */
export const SWEEP_STEP_TIMEOUT_MS = 900_000;
