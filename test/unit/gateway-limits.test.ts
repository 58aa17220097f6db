import { markerBytes } from '../../functions/lib/assets/asset-map';
import {
  exceedsLambdaResponseLimit,
  INTEGRATION_TIMEOUT_MS,
  integrationTimeoutOf,
  LAMBDA_RESPONSE_LIMIT_BYTES,
  proxyResultBytes,
  withinIntegrationTimeout,
} from '../../scripts/local/gateway-limits';
import { MAP_PAGE_MARKER_BYTES, MAP_PAGE_MARKERS, type MapMarker } from '../../shared/schemas/asset-map';

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

describe('the asset map page bound', () => {
  // The worst marker: the largest id, a 255-character name of characters JSON escapes as \u00XX (7 bytes each
  // once escaped again in the proxy result), the widest numbers.
  const worst: MapMarker = [Number.MAX_SAFE_INTEGER, '\u0001'.repeat(255), 5, -89.12345, -179.12345, 9_999_999_999, 4];

  it('a page of worst-case markers stays under Lambda’s limit only because it ends by bytes', () => {
    // Without the byte budget a page of MAP_PAGE_MARKERS such markers would be refused on AWS.
    expect(markerBytes(worst) * MAP_PAGE_MARKERS).toBeGreaterThan(LAMBDA_RESPONSE_LIMIT_BYTES);
    // As readMapPage fills a page: markers until the next would pass the byte budget.
    const markers: MapMarker[] = [];
    let bytes = 0;
    while (markers.length < MAP_PAGE_MARKERS && bytes + markerBytes(worst) <= MAP_PAGE_MARKER_BYTES) {
      markers.push(worst);
      bytes += markerBytes(worst);
    }
    const next = '/api/assets/map?cursor=9999999999-9999999999';
    const body = JSON.stringify({ '@id': next, markers, next });
    expect(markers.length).toBeGreaterThan(1000);
    expect(exceedsLambdaResponseLimit(proxyResult(body))).toBe(false);
  });

  it('a full page of ordinary markers is well under the limit', () => {
    const ordinary: MapMarker = [123_456, 'Haspel H-1007 (Amsterdam-Noord)', 1, 52.37403, 4.88969, 1_764_000_000, 0];
    expect(markerBytes(ordinary)).toBeLessThan(100);
    const body = JSON.stringify({
      '@id': '/api/assets/map',
      markers: Array(MAP_PAGE_MARKERS).fill(ordinary),
      next: null,
    });
    expect(proxyResultBytes(proxyResult(body))).toBeLessThan(LAMBDA_RESPONSE_LIMIT_BYTES / 3);
  });
});
