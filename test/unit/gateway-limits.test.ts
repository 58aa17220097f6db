import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type MapRead, markerBytes } from '../../functions/lib/assets/asset-map';
import { encodeMapAnswer, type MapEncoding, readBudgetFor } from '../../functions/lib/assets/asset-map-answer';
import {
  exceedsLambdaResponseLimit,
  INTEGRATION_TIMEOUT_MS,
  integrationTimeoutOf,
  LAMBDA_RESPONSE_LIMIT_BYTES,
  proxyResultBytes,
  withinIntegrationTimeout,
} from '../../scripts/local/gateway-limits';
import {
  assetMapAnswerSchema,
  MAP_ANSWER_BYTES,
  MAP_ANSWER_MARKERS,
  type MapMarker,
} from '../../shared/schemas/asset-map';

/** A proxy result as a handler answers it: JSON body, the headers our handlers set (generously). */
const proxyResult = (body: string) => ({
  statusCode: 200,
  headers: { 'content-type': 'application/ld+json', 'x-padding': 'h'.repeat(2048) },
  body,
});

describe('the local gateway’s AWS limits (docs/aws-parity.md)', () => {
  it('refuses a handler answer over Lambda’s 6 MB response payload, counted as the serialized proxy result', () => {
    const base = proxyResultBytes(proxyResult(''));
    const fits = proxyResult('x'.repeat(LAMBDA_RESPONSE_LIMIT_BYTES - base));
    expect(proxyResultBytes(fits)).toBe(LAMBDA_RESPONSE_LIMIT_BYTES);
    expect(exceedsLambdaResponseLimit(fits)).toBe(false);
    expect(exceedsLambdaResponseLimit(proxyResult('x'.repeat(LAMBDA_RESPONSE_LIMIT_BYTES - base + 1)))).toBe(true);
    // Quotes in a JSON body count twice: Lambda serializes the body string with its escapes.
    const quoted = proxyResult('"'.repeat(LAMBDA_RESPONSE_LIMIT_BYTES / 2));
    expect(quoted.body.length).toBeLessThan(LAMBDA_RESPONSE_LIMIT_BYTES);
    expect(exceedsLambdaResponseLimit(quoted)).toBe(true);
  });

  it('keeps the HTTP API’s 30 s integration timeout; tests may shorten it, never lengthen it', () => {
    expect(integrationTimeoutOf()).toBe(INTEGRATION_TIMEOUT_MS);
    expect(INTEGRATION_TIMEOUT_MS).toBe(30_000);
    expect(integrationTimeoutOf(60_000)).toBe(30_000);
    expect(integrationTimeoutOf(200)).toBe(200);
    expect(() => integrationTimeoutOf(0)).toThrow();
  });

  it('answers the handler’s result in time, or timeout once the integration timeout passed', async () => {
    await expect(withinIntegrationTimeout(Promise.resolve('done'), 1_000)).resolves.toBe('done');
    await expect(withinIntegrationTimeout(new Promise<never>(() => undefined), 20)).resolves.toBe('timeout');
  });
});

describe('the asset map answer bound', () => {
  // Worst markers: the largest id, 255-character names of characters JSON escapes as \u00XX (7 bytes each once
  // escaped again in an uncompressed proxy result) or of random characters no compression shrinks.
  const worst = (name: string, id = Number.MAX_SAFE_INTEGER): MapMarker => [
    id,
    name,
    5,
    -89.12345,
    179.12345,
    9_999_999_999,
    4,
  ];
  const rng = (() => {
    let state = 17;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
  })();
  const randomName = () =>
    Array.from({ length: 255 }, () => String.fromCodePoint(0x4e00 + Math.floor(rng() * 20_000))).join('');

  /** A read as readMapMarkers stops it: markers until the encoding's byte budget is spent. */
  function readOf(encoding: MapEncoding, next: () => MapMarker): MapRead {
    const budget = readBudgetFor(encoding).bytes as number;
    const read: MapRead = { markers: [], keys: [], complete: false, itemsRead: 0, readUnits: 0 };
    let bytes = 0;
    while (bytes < budget && read.markers.length < MAP_ANSWER_MARKERS) {
      const marker = next();
      read.markers.push(marker);
      read.keys.push(`0000000001#${String(read.markers.length).padStart(10, '0')}`);
      bytes += markerBytes(marker);
    }
    return read;
  }

  it.each(['identity', 'gzip', 'br'] as const)('no %s answer passes Lambda’s limit, whatever the names', (encoding) => {
    for (const next of [() => worst('\u0001'.repeat(255)), () => worst(randomName())]) {
      const read = readOf(encoding, next);
      const answer = encodeMapAnswer(read, { self: '/api/assets/map', encoding, cursor: null });
      const result = { ...proxyResult(answer.body), isBase64Encoded: answer.isBase64Encoded };
      expect(exceedsLambdaResponseLimit(result)).toBe(false);
      expect(answer.countedBytes).toBeLessThanOrEqual(MAP_ANSWER_BYTES);
      expect(answer.markers).toBeGreaterThan(1000);
      // The rest is named: the answer is paged beyond the bound, never cut silently.
      const text = answer.isBase64Encoded
        ? (encoding === 'br' ? brotliDecompressSync : gunzipSync)(Buffer.from(answer.body, 'base64')).toString()
        : answer.body;
      const parsed = assetMapAnswerSchema.parse(JSON.parse(text));
      expect(parsed.count).toBe(answer.markers);
      expect(parsed.next).toBe(`/api/assets/map?cursor=0000000001-${String(answer.markers).padStart(10, '0')}`);
    }
  });

  it('answers 100k ordinary markers in one compressed answer far under the limit', () => {
    const markers = Array.from(
      { length: 100_000 },
      (_, i): MapMarker => [
        i + 1,
        `Haspel H-${1000 + i}`,
        i % 6,
        52 + (i % 997) / 1000,
        4.5 + (i % 991) / 1000,
        1_764_000_000 + i * 7,
        i % 5,
      ],
    );
    const read: MapRead = {
      markers,
      keys: markers.map(([id]) => `0#${id}`),
      complete: true,
      itemsRead: 0,
      readUnits: 0,
    };
    const answer = encodeMapAnswer(read, { self: '/api/assets/map', encoding: 'gzip', cursor: null });
    expect(answer.markers).toBe(100_000);
    expect(answer.countedBytes).toBeLessThan(MAP_ANSWER_BYTES / 2);
  });
});
