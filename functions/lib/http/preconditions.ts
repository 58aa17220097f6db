import { conflict, HttpError, preconditionFailed } from './errors';
import type { HttpEvent } from './handler';

/**
 * Versions over HTTP (docs/decisions/0242-versions-are-for-people-s-saves-tags-move-no-version.md). A versioned entity answers `ETag: "<version>"`; a write
 * may name the version it read as `If-Match` (a stale one: 412) or as `version` in the body (a stale one: 409,
 * as before), or name none: the spec's PUT payloads carry no version, so such a save is unconditional (it is
 * applied to the entity as it is now, read again if someone saved between its read and its write).
 */
export const etagOf = (version: number) => `"${version}"`;

/** The versions an `If-Match` header names ('*': any), or undefined without the header. */
export function ifMatchOf(event: HttpEvent): '*' | number[] | undefined {
  const header = event.headers?.['if-match'];
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  // Strong comparison (RFC 9110 s.13.1.1): a weak tag never matches; a tag that is no version of ours neither.
  return header
    .split(',')
    .map((tag) => /^\s*"(\d+)"\s*$/.exec(tag)?.[1])
    .filter((version): version is string => version !== undefined)
    .map(Number);
}

export interface VersionExpectation {
  ifMatch: '*' | number[] | undefined;
  bodyVersion: number | undefined;
}

export const expectationOf = (event: HttpEvent, bodyVersion?: number | null): VersionExpectation => ({
  ifMatch: ifMatchOf(event),
  bodyVersion: bodyVersion ?? undefined,
});

/** True when the request names a version (If-Match or body), i.e. it must not be retried on a newer one. */
export const isConditional = ({ ifMatch, bodyVersion }: VersionExpectation) =>
  (ifMatch !== undefined && ifMatch !== '*') || bodyVersion !== undefined;

/** Refuses a write whose expectation does not hold for the stored `version`: 412 for If-Match, 409 for the body. */
export function assertExpectedVersion({ ifMatch, bodyVersion }: VersionExpectation, version: number): void {
  if (ifMatch !== undefined && ifMatch !== '*' && !ifMatch.includes(version)) throw preconditionFailed();
  if (bodyVersion !== undefined && bodyVersion !== version) throw conflict();
}

const UNCONDITIONAL_ATTEMPTS = 3;

/**
 * Reads the entity, checks the request's expectation, writes (every write is conditioned on the version just
 * read). An unconditional request whose write met a save that came between its read and its write reads again
 * and applies itself to the newer entity, so it answers 409 only after several such races in a row.
 */
export async function writeExpecting<T extends { version: number }, R>(
  expectation: VersionExpectation,
  read: () => Promise<T>,
  write: (current: T) => Promise<R>,
): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await read();
    assertExpectedVersion(expectation, current.version);
    try {
      return await write(current);
    } catch (error) {
      const raced = error instanceof HttpError && error.status === 409;
      if (!raced || isConditional(expectation) || attempt >= UNCONDITIONAL_ATTEMPTS) throw error;
    }
  }
}
