/**
 * Claims as API Gateway's JWT authorizer hands them to Lambda: every value flattened to a string, arrays as
 * "[a b]". The local gateway passes them the same way, so this parsing is exercised locally too.
 */
export type RawClaims = Record<string, string | number | boolean | string[] | undefined>;

export interface VerifiedIdentity {
  sub: string;
  username: string;
  email: string;
  tenantId: string;
  userId: number;
  groups: string[];
  /** The token's iat (epoch seconds), compared with the user's tokensValidAfter; 0 when absent. */
  issuedAt: number;
}

export function parseList(value: RawClaims[string]): string[] {
  if (value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  const text = String(value).trim();
  if (text.startsWith('[') && text.includes('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // fall through to the space-separated form
    }
  }
  return text
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** Returns undefined when the token lacks what every signed-in request needs (treated as 401). */
export function identityFromClaims(claims: RawClaims | undefined): VerifiedIdentity | undefined {
  if (!claims) return undefined;
  const tenantId = String(claims['custom:tenant'] ?? '');
  const userId = Number(claims['custom:user_id']);
  const sub = String(claims.sub ?? '');
  if (!/^\d+$/.test(tenantId) || !Number.isInteger(userId) || !sub) return undefined;
  return {
    sub,
    username: String(claims['cognito:username'] ?? claims.username ?? ''),
    email: String(claims.email ?? ''),
    tenantId,
    userId,
    groups: parseList(claims['cognito:groups']),
    issuedAt: Number(claims.iat) || 0,
  };
}
