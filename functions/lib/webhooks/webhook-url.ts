import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of webhook endpoints (docs/security.md "Making the webhook sender call what only the product can
 * reach"). A URL is checked when it is saved and again before every attempt, after resolving its host: the sender
 * connects to the address this check approved (webhook-http.ts pins it), so a name that resolves elsewhere at send time
 * (DNS rebinding) reaches nothing private.
 *
 * Refused: other schemes than https (http only through the local stack's explicit setting), credentials in
 * the URL, IP literals in any spelling (the URL parser turns 2130706433, 0x7f.1 and 0177.0.0.1 into
 * 127.0.0.1), `localhost` and `*.localhost`, and names with any address in a private, loopback, link-local
 * (the metadata service at 169.254.169.254), CGNAT, multicast, reserved or unique-local range, including an IPv6
 * address that carries such an IPv4 address (mapped, translated, compatible, NAT64, 6to4, Teredo).
 */
export const WEBHOOK_URL_MESSAGES = {
  scheme: 'The URL must start with https://',
  credentials: 'The URL must not contain a user name or password',
  ipLiteral: 'Use a host name, not an IP address',
  localHost: 'The URL must name a host on the internet',
  unresolved: 'The host name could not be resolved',
  privateAddress: 'The host name resolves to a private or reserved address',
} as const;

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the instance metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
  ['fd00:ec2::', 32], // the metadata service's IPv6 address lies in fc00::/7 as well
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
const lastWord = (parts: number[]) => ipv4Of(parts[6] ?? 0, parts[7] ?? 0);

/**
 * IPv6 ranges that carry an IPv4 address, with where it sits. Whatever reaches such an address ends up at the
 * IPv4 one (a translator, relay or the host's own stack unwraps it), so the IPv4 address is what is judged.
 */
interface TransitionRange {
  network: string;
  prefix: number;
  embedded: (parts: number[]) => string[];
}
const TRANSITION_RANGES = (
  [
    { network: '::ffff:0:0', prefix: 96, embedded: (parts) => [lastWord(parts)] }, // IPv4-mapped
    { network: '::ffff:0:0:0', prefix: 96, embedded: (parts) => [lastWord(parts)] }, // IPv4-translated (SIIT)
    { network: '::', prefix: 96, embedded: (parts) => [lastWord(parts)] }, // IPv4-compatible (deprecated); :: and ::1 too
    { network: '64:ff9b::', prefix: 96, embedded: (parts) => [lastWord(parts)] }, // NAT64 well-known prefix
    { network: '2002::', prefix: 16, embedded: (parts) => [ipv4Of(parts[1] ?? 0, parts[2] ?? 0)] }, // 6to4
    {
      // Teredo: the server in bits 32-64, the client (where the relay finally sends) inverted in the last 32 bits.
      network: '2001::',
      prefix: 32,
      embedded: (parts) => [
        ipv4Of(parts[2] ?? 0, parts[3] ?? 0),
        ipv4Of(~(parts[6] ?? 0) & 0xffff, ~(parts[7] ?? 0) & 0xffff),
      ],
    },
  ] satisfies TransitionRange[]
).map((range) => ({ ...range, parsed: ipaddr.IPv6.parse(range.network) }));

/**
 * The local-use NAT64 prefix (RFC 8215) is refused whole: its operator chooses where in it the IPv4 address
 * sits (any RFC 6052 length from /48 to /96), and no public receiver lives behind someone's own translator.
 */
const LOCAL_NAT64 = ipaddr.IPv6.parse('64:ff9b:1::');

/** True for an IPv6 address whose embedded IPv4 address is forbidden, or that lies in the local-use NAT64 range. */
function isForbiddenTransition(address: string): boolean {
  let parsed: ipaddr.IPv6;
  try {
    parsed = ipaddr.IPv6.parse(address);
  } catch {
    return true;
  }
  if (parsed.match(LOCAL_NAT64, 48)) return true;
  const range = TRANSITION_RANGES.find((candidate) => parsed.match(candidate.parsed, candidate.prefix));
  return range ? range.embedded(parsed.parts).some((inner) => blocked.check(inner, 'ipv4')) : false;
}

/** True for any address a webhook must never reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  return isForbiddenTransition(address) || blocked.check(address, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Lookup = (host: string) => Promise<ResolvedAddress[]>;

export interface UrlCheckOptions {
  /** http:// as well as https:// (the local stack only: WEBHOOK_ALLOW_HTTP). */
  allowHttp: boolean;
  /** One `*.localhost` name the local stack's test receivers use, mapped to 127.0.0.1 without DNS. */
  localReceiverHost?: string;
  lookup: Lookup;
}

export type UrlCheck =
  | { ok: true; url: URL; address: ResolvedAddress }
  | { ok: false; reason: (typeof WEBHOOK_URL_MESSAGES)[keyof typeof WEBHOOK_URL_MESSAGES] };

const refuse = (reason: keyof typeof WEBHOOK_URL_MESSAGES): UrlCheck => ({
  ok: false,
  reason: WEBHOOK_URL_MESSAGES[reason],
});

/** The URL's own form: scheme, credentials, IP literals, local names. No network. */
function checkForm(url: URL, options: UrlCheckOptions): UrlCheck | 'local-receiver' | undefined {
  const httpAllowed = options.allowHttp && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) return refuse('scheme');
  if (url.username || url.password) return refuse('credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return refuse('ipLiteral');
  const name = host.toLowerCase().replace(/\.$/, '');
  if (options.localReceiverHost && name === options.localReceiverHost) return 'local-receiver';
  if (name === 'localhost' || name.endsWith('.localhost') || !name.includes('.')) return refuse('localHost');
  return undefined;
}

/** The whole check: form, then every address the name resolves to; answers the address to connect to. */
export async function checkWebhookUrl(raw: string, options: UrlCheckOptions): Promise<UrlCheck> {
  if (!URL.canParse(raw)) return refuse('scheme');
  const url = new URL(raw);
  const form = checkForm(url, options);
  if (form === 'local-receiver') return { ok: true, url, address: { address: '127.0.0.1', family: 4 } };
  if (form) return form;
  let addresses: ResolvedAddress[];
  try {
    addresses = await options.lookup(url.hostname.replace(/\.$/, ''));
  } catch {
    return refuse('unresolved');
  }
  const first = addresses[0];
  if (!first) return refuse('unresolved');
  // Every address, not only the first: the connection must not be able to land on a private one either.
  if (addresses.some((entry) => isForbiddenAddress(entry.address))) return refuse('privateAddress');
  return { ok: true, url, address: first };
}
