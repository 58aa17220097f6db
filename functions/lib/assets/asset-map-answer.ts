import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { MAP_ANSWER_BYTES, MAP_ANSWER_RAW_BYTES } from '../../../shared/schemas/asset-map';
import { encodeMapColumns } from '../../../shared/schemas/asset-map-codec';
import { cursorOf, type MapRead, type ReadBudget } from './asset-map';

/**
 * The map answer on the wire (docs/decisions/0256-asset-map-answer-columnar-compressed-one-answer-up-to-250k-markers.md): the
 * columnar JSON, compressed by the Lambda itself when the caller accepts it. Neither API Gateway's HTTP API
 * (no compression of its own) nor the API's CloudFront distribution (its CachingDisabled policy leaves
 * compression off and passes Accept-Encoding through) compresses it, so the Lambda does, the same on AWS and
 * behind the local gateway; the compressed body goes base64 in the proxy result, and the 6 MB limit counts
 * that base64.
 */
export type MapEncoding = 'br' | 'gzip' | 'identity';

/** Brotli at quality 4: as small as 5-9 on map answers (within 0.1 %) at a fraction of their CPU; 11 is 18 % smaller but ~40x slower. */
const BROTLI_QUALITY = 4;

/** The coding to answer in: br before gzip (smaller), identity when neither is accepted (q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | undefined): MapEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q) || 0);
  }
  const wants = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return 'identity';
}

/** How far one call may read: an uncompressed answer must itself fit, a compressed one is bounded later. */
export const readBudgetFor = (encoding: MapEncoding): Partial<ReadBudget> => ({
  bytes: encoding === 'identity' ? MAP_ANSWER_BYTES : MAP_ANSWER_RAW_BYTES,
});

function compress(json: string, encoding: MapEncoding): Buffer {
  const raw = Buffer.from(json);
  if (encoding === 'gzip') return gzipSync(raw);
  return brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

export interface EncodedMapAnswer {
  /** The body of the proxy result: the JSON, or the base64 of its compressed bytes. */
  body: string;
  isBase64Encoded: boolean;
  encoding: MapEncoding;
  /** The body's bytes as Lambda counts them against its 6 MB limit. */
  countedBytes: number;
  /** The uncompressed JSON's bytes. */
  rawBytes: number;
  markers: number;
}

/** Bytes Lambda counts for a body string inside its JSON proxy result (escapes included, quotes not). */
const countedBytesOf = (body: string) => Buffer.byteLength(JSON.stringify(body)) - 2;

/**
 * Encodes the markers read; when the answer would pass MAP_ANSWER_BYTES as Lambda counts it (names that
 * compress badly), it keeps fewer markers and names the rest in `next`. Ordinary fleets never get there.
 */
export function encodeMapAnswer(
  read: MapRead,
  options: { self: string; encoding: MapEncoding; cursor: string | null },
): EncodedMapAnswer {
  let count = read.markers.length;
  for (;;) {
    const rest = count < read.markers.length || !read.complete;
    const lastKey = read.keys[count - 1];
    const next = rest && lastKey ? `/api/assets/map?cursor=${cursorOf(lastKey)}` : null;
    const columns = encodeMapColumns(count === read.markers.length ? read.markers : read.markers.slice(0, count));
    const json = JSON.stringify({ '@id': options.self, ...columns, next, cursor: options.cursor });
    const compressed = options.encoding === 'identity' ? undefined : compress(json, options.encoding);
    const body = compressed ? compressed.toString('base64') : json;
    const countedBytes = compressed ? body.length : countedBytesOf(body);
    if (countedBytes <= MAP_ANSWER_BYTES || count <= 1) {
      return {
        body,
        isBase64Encoded: compressed !== undefined,
        encoding: options.encoding,
        countedBytes,
        rawBytes: Buffer.byteLength(json),
        markers: count,
      };
    }
    count = Math.max(1, Math.floor(((count * MAP_ANSWER_BYTES) / countedBytes) * 0.95));
  }
}
