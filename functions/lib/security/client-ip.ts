import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { VIEWER_ADDRESS_HEADER } from './edge-origin';

/**
 * The address a request came from, as API Gateway saw the TCP connection (requestContext.http.sourceIp).
 * No request header is ever believed: X-Forwarded-For is written by whoever sends the request. The local
 * gateway may set sourceIp from a test header, but only in a stack the test harness started
 * (scripts/local/gateway.ts, docs/security.md); Lambda code cannot tell and does not need to.
 *
 * Behind CloudFront sourceIp is an edge address shared by many people. The API stack then sets
 * CLIENT_IP_FROM_CLOUDFRONT=true, and only then the viewer's address is read from the header the
 * distribution's viewer-request function writes from `event.viewer.ip` (a viewer's own copy is replaced).
 * That is sound because the API answers nothing that did not come through CloudFront (edge-origin.ts).
 */
export function clientIp(event: Pick<APIGatewayProxyEventV2, 'requestContext' | 'headers'>): string {
  if (process.env.CLIENT_IP_FROM_CLOUDFRONT === 'true') {
    const viewer = viewerAddress(event.headers?.[VIEWER_ADDRESS_HEADER]);
    if (viewer) return viewer;
  }
  return event.requestContext?.http?.sourceIp || 'unknown';
}

/** The address the edge wrote, if it is one. */
function viewerAddress(header: string | undefined): string | undefined {
  const address = header?.trim();
  return address && isIP(address) ? address : undefined;
}

/**
 * The key a per-address limit counts under. An IPv6 user holds a whole /64 (the prefix the provider hands
 * out), so counting per address would let one person rotate through 2^64 of them: count per /64 instead.
 */
export function ipSubject(ip: string): string {
  // An IPv4 peer of a dual-stack socket shows as ::ffff:a.b.c.d: that is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
