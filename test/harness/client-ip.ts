import { createHash } from 'node:crypto';

/** The header with which the test stack's gateway takes a request's client address (scripts/local/gateway.ts). */
export const TEST_CLIENT_IP_HEADER = 'x-test-client-ip';

/**
 * The address this test file's requests come from: one of its own, from the file's path, in 10.0.0.0/8.
 * The API limits public routes per client address (functions/lib/security/limits.ts); every file of a run
 * shares one stack, so one file that spends an address's budget on purpose (the fuzz sweep, an attack test)
 * must not leave the next file locked out. Real clients differ by address too.
 */
export function testFileClientIp(): string {
  const testPath = (globalThis as { expect?: { getState?(): { testPath?: string } } }).expect?.getState?.().testPath;
  const digest = createHash('sha256')
    .update(testPath ?? 'no test file')
    .digest();
  return `10.${digest[0]}.${digest[1]}.${(digest[2] ?? 0) % 254 || 1}`;
}

/** A distinct address for an attack test that needs to come from somewhere fresh (TEST-NET-3, 203.0.113.0/24 and on). */
export function freshClientIp(): string {
  const digest = createHash('sha256').update(`${Date.now()}-${Math.random()}`).digest();
  return `198.${18 + ((digest[0] ?? 0) % 2)}.${digest[1]}.${((digest[2] ?? 0) % 254) + 1}`;
}
