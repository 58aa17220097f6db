import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { HttpError } from '../../functions/lib/http/errors';
import { clientIp, ipSubject } from '../../functions/lib/security/client-ip';
import { assertCameThroughEdge } from '../../functions/lib/security/edge-origin';

const eventFrom = (sourceIp: string, headers: Record<string, string> = {}) =>
  ({ requestContext: { http: { sourceIp } }, headers }) as unknown as APIGatewayProxyEventV2;

// docs/security.md "Escaping the per-address limits with a forged address".
describe('the client address of a request', () => {
  afterEach(() => {
    delete process.env.CLIENT_IP_FROM_CLOUDFRONT;
    delete process.env.ORIGIN_VERIFY_SECRET;
  });

  it('refuses, where the API is published behind CloudFront, every request that went around it', () => {
    assertCameThroughEdge(eventFrom('203.0.113.9'));
    process.env.ORIGIN_VERIFY_SECRET = 'edge-secret-value';
    expect(() => assertCameThroughEdge(eventFrom('203.0.113.9'))).toThrow(HttpError);
    expect(() => assertCameThroughEdge(eventFrom('203.0.113.9', { 'x-origin-verify': 'edge-secret-valuX' }))).toThrow(
      expect.objectContaining({ status: 403 }),
    );
    assertCameThroughEdge(eventFrom('203.0.113.9', { 'x-origin-verify': 'edge-secret-value' }));
  });

  it('is the address API Gateway saw; headers a client writes are never believed', () => {
    const event = eventFrom('203.0.113.9', {
      'x-forwarded-for': '198.51.100.1',
      'x-real-ip': '198.51.100.2',
      'x-test-client-ip': '198.51.100.3',
      'x-edge-viewer-address': '198.51.100.4',
    });
    expect(clientIp(event)).toBe('203.0.113.9');
  });

  it("is CloudFront's viewer address only where the API stack says CloudFront is in front", () => {
    process.env.CLIENT_IP_FROM_CLOUDFRONT = 'true';
    expect(clientIp(eventFrom('130.176.0.1', { 'x-edge-viewer-address': '198.51.100.4' }))).toBe('198.51.100.4');
    expect(clientIp(eventFrom('130.176.0.1', { 'x-edge-viewer-address': '2001:db8::7' }))).toBe('2001:db8::7');
    // Not an address: the connection's address stays.
    expect(clientIp(eventFrom('130.176.0.1', { 'x-edge-viewer-address': 'evil:1' }))).toBe('130.176.0.1');
  });

  it('counts IPv6 per /64 (one subscriber) and IPv4 per address', () => {
    expect(ipSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipSubject('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(ipSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipSubject('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(ipSubject('192.0.2.1')).toBe('192.0.2.1');
  });
});
