import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { forbidden } from '../http/errors';

/**
 * On AWS the API is published behind its own CloudFront distribution, where the WAF web ACL runs
 * (infra/constructs/api-edge.ts). The HTTP API's execute-api address stays reachable, so a caller going there
 * directly would skip the WAF and could write the viewer-address header itself. CloudFront therefore adds
 * a secret origin header (ORIGIN_VERIFY_SECRET, a Secrets Manager value both sides resolve at deploy) and the
 * handlers refuse every request without it. Locally the variable is unset: there is no edge to come through.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The viewer's address as the edge saw it: written by the distribution's viewer-request function from
 * `event.viewer.ip`, replacing whatever the viewer sent under that name.
 */
export const VIEWER_ADDRESS_HEADER = 'x-edge-viewer-address';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** 403 for a request that did not come through the API's CloudFront distribution (only where one is set). */
export function assertCameThroughEdge(event: Pick<APIGatewayProxyEventV2, 'headers'>): void {
  const expected = process.env.ORIGIN_VERIFY_SECRET;
  if (!expected) return;
  if (!sameText(event.headers?.[ORIGIN_VERIFY_HEADER] ?? '', expected)) throw forbidden();
}
