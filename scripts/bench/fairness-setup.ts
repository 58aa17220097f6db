import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { createDeviceProfile } from '../../functions/lib/device-profiles/device-profile-repository';
import { CODEC_LIMITS } from '../../functions/lib/pipeline/codecs/sandbox';
import { port } from '../local/config';
import { connectAsThing, provisionLocalThing } from '../local/iot-clients';
import { KPN_DEMO } from '../local/kpn-things';
import { DEMO_CODEC } from '../seed/demo-codec';
import { DEMO_PASSWORD } from '../seed/seed';

/**
 * The two tenants of the fairness bench (fairness.bench.ts), made fresh each run through the API as the super
 * admin (random DEVEUIs, so a rerun on the same .local-bench/ data never collides): tenant B with 50 tags on
 * 50 assets, a KPN Things destination, a gateway and two users; tenant A with 100 device profiles whose codec
 * spends nearly the sandbox's whole time limit on every run, a tag on each, a TTS secret, a gateway and users.
 *
 * Each party calls from a loopback address of its own (127.0.0.2 tenant A, .3 B's network, .4 B's users), so the
 * per-address limits see them as AWS would see different clients; the whole of 127/8 reaches the local gateway.
 */
export const ADDRESS = { attacker: '127.0.0.2', network: '127.0.0.3', users: '127.0.0.4' } as const;
export const B_TAGS = Number(process.env.BENCH_FAIR_TAGS ?? 50);
export const A_PROFILES = 100;
/** The codec's busy loop: close to the interrupt limit, leaving room for the decode and a loaded machine. */
export const SLOW_CODEC_MS = CODEC_LIMITS.timeMs - 8;
export const SLOW_CODEC = `${DEMO_CODEC}
var decodeDemo = decodeUplink;
decodeUplink = function (input) {
  var until = Date.now() + ${SLOW_CODEC_MS};
  while (Date.now() < until) {}
  return decodeDemo(input);
};`;

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One HTTP call to the local gateway from `from` (node:http: fetch cannot pick the local address). */
export function callFrom(
  from: string,
  apiUrl: string,
  method: string,
  path: string,
  options: { token?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(path, apiUrl);
  const headers = {
    'content-type': 'application/json',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, localAddress: from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // not JSON (an empty 429 or an error page): the status says enough
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export async function signInFrom(from: string, apiUrl: string, login: string, password = DEMO_PASSWORD) {
  return callFrom(from, apiUrl, 'POST', '/user/sign-in', { body: JSON.stringify({ email: login, password }) });
}

export interface Tag {
  devEui: string;
  deviceId: number;
  assetId: number;
}

export interface FairTenant {
  tenantId: string;
  tags: Tag[];
  logins: string[];
  /** Publishes on the broker as the tenant's gateway. */
  publish: (topic: string, body: string) => Promise<unknown>;
  close: () => Promise<void>;
}

export interface FairTenants {
  a: FairTenant & { ttsSecret: string };
  b: FairTenant & { plug: string; secret: string };
}

const devEui = () => randomBytes(8).toString('hex').toUpperCase();

async function must(answer: Promise<Answer>, what: string, status = 201): Promise<Record<string, unknown>> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what}: ${got} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function makeTenant(apiUrl: string, superToken: string, label: string, roles: string[][]) {
  const suffix = randomBytes(3).toString('hex');
  const as = (method: string, path: string, body?: unknown, tenantId?: string) =>
    callFrom(ADDRESS.users, apiUrl, method, path, {
      token: superToken,
      headers: tenantId ? { 'x-tenant-id': tenantId } : {},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const tenant = await must(
    as('POST', '/api/tenants', { subdomain: `fair-${label}-${suffix}`, company: label }),
    label,
  );
  const tenantId = String(tenant.id);
  const logins: string[] = [];
  for (const [i, userRoles] of roles.entries()) {
    const login = `fair-${label}-${suffix}-${i}`;
    const user = { name: login, username: login, email: `${login}@fair.local`, roles: userRoles };
    await must(as('POST', '/api/users', { ...user, password: DEMO_PASSWORD }, tenantId), `user ${login}`);
    logins.push(login);
  }
  const gateway = { kind: 'gateway', thingName: `gw-fair-${label}-${suffix}`, tenantId } as const;
  const client = await connectAsThing(port('MQTT_PORT'), await provisionLocalThing(port('IOT_PORT'), gateway));
  return {
    tenantId,
    logins,
    as: (method: string, path: string, body?: unknown) => as(method, path, body, tenantId),
    publish: (topic: string, body: string) => client.publishAsync(topic, body, { qos: 1 }),
    close: async () => void (await client.endAsync()),
  };
}

async function makeTags(
  as: (method: string, path: string, body?: unknown) => Promise<Answer>,
  count: number,
  profileOf: (i: number) => number[] = () => [],
): Promise<Tag[]> {
  const tags: Tag[] = [];
  const one = async (i: number) => {
    const eui = devEui();
    const device = await must(as('POST', '/api/devices', { dev_eui: eui, device_profiles: profileOf(i) }), 'device');
    const asset = await must(as('POST', '/api/assets', { name: `Fair ${eui}`, devices: [device.id] }), 'asset');
    tags[i] = { devEui: eui, deviceId: Number(device.id), assetId: Number(asset.id) };
  };
  // A few at once: the setup is not what is measured, and one by one it takes minutes on a loaded box.
  for (let i = 0; i < count; i += 5)
    await Promise.all(Array.from({ length: Math.min(5, count - i) }, (_, k) => one(i + k)));
  return tags;
}

export async function setUpFairTenants(apiUrl: string, superToken: string): Promise<FairTenants> {
  const b = await makeTenant(apiUrl, superToken, 'b', [['ROLE_ADMIN'], ['ROLE_USER']]);
  const plug = `fa1e${randomBytes(2).toString('hex')}-2c3e-4f50-8a61-7b8c9d0e1f20`;
  const secret = `Fairness-Holder-Secret-${randomBytes(4).toString('hex')}!#`;
  const kpn = await must(b.as('GET', '/api/kpn-things'), 'KPN settings', 200);
  await must(
    b.as('PUT', '/api/kpn-things', {
      ...KPN_DEMO,
      things_plug_uuid: plug,
      things_shared_secret: secret,
      version: kpn.version,
    }),
    'KPN destination',
    200,
  );
  const bTags = await makeTags(b.as, B_TAGS);
  const a = await makeTenant(apiUrl, superToken, 'a', [['ROLE_ADMIN'], ['ROLE_USER'], ['ROLE_USER']]);
  const tts = await must(a.as('POST', '/api/uplink-integrations/tts/secret'), 'TTS secret');
  // Written through the repository: saving 100 codecs through the API meets the codec-compile limit per tenant
  // (CODEC_RUNS_PER_TENANT, 60 a minute), which is a limit on the API, not what this bench measures.
  const ctx = systemTenantContext(a.tenantId);
  const profiles: number[] = [];
  for (let i = 0; i < A_PROFILES; i++) {
    const profile = await createDeviceProfile(ctx, {
      name: `Busy codec ${i}`,
      codec: `// profile ${i}\n${SLOW_CODEC}`,
      field_paths: {},
      battery_unit: 'V',
      battery_low_below: 3.3,
      battery_fine_above: 3.4,
      uplink_interval_minutes: 60,
      silent_after_intervals: 3,
    } as Parameters<typeof createDeviceProfile>[1]);
    profiles.push(profile.id);
  }
  const aTags = await makeTags(a.as, A_PROFILES, (i) => [profiles[i] as number]);
  return {
    a: { ...a, tags: aTags, ttsSecret: String(tts.secret) },
    b: { ...b, tags: bTags, plug, secret },
  };
}
