import { parseArgs } from 'node:util';
import type { MqttClient } from 'mqtt';
import { LATE_AFTER_INTERVALS } from '../functions/lib/devices/connectivity';
import { heartbeatOf } from '../functions/lib/devices/heartbeat';
import { LORAWAN_UPLINK_TOPIC } from '../functions/lib/pipeline/topics';
import { HOST, port } from './local/config';
import { connectAsThing, type LocalThingKind, thingCredentialsCache } from './local/iot-clients';
import { KPN_DEMO } from './local/kpn-things';
import { mulberry32 } from './seed/prng';
import { DEMO_PASSWORD } from './seed/seed';
import { kpnHeaders, lorawanBody, mqttJson, senmlBody, type Uplink } from './simulate/bodies';
import { inCodecLayout, putTagsOnLayout } from './simulate/codec-layout';
import { describeUplink, newTag, nextUplink, type SimTag } from './simulate/fleet';
import { chirpstackBody, ttsBody } from './simulate/network-samples';

/**
 * `npm run simulate -- --devices N --rate R [--via mqtt|kpn|lorawan|tts|chirpstack] [--layout tracker|codec] [--count C]
 *   [--seed S] [--quiet] [--stop-tag K [--stop-after S]]`:
 * realistic uplinks for the demo tenant's tags against a running `npm start` (same *_PORT variables), R uplinks
 * per second spread over N tags, printing each uplink and what the stack answered. `--via kpn` sets the demo
 * tenant's KPN Things destination (plug UUID + shared secret below) through the API first; `--via tts` and
 * `--via chirpstack` make the demo tenant a new secret for that integration first (replacing the one it had).
 * `--layout codec` puts the tags it drives on the demo codec profile and sends their bytes in that
 * layout (every way in but mqtt, whose JSON carries decoded fields, not bytes); `--layout tracker` (the default)
 * takes them off a codec profile again.
 * `--stop-tag K` stops the K-th simulated tag (1-based) after `--stop-after` seconds (default 10): it falls
 * silent like a stolen or flat tag, turns late, then silent (the silent-tag job runs every 15 minutes,
 * `npm run job:silent-tags -- --now <time>` judges at a later time right away).
 */
const SIM_PLUG = 'a1b2c3d4-0000-4000-8000-51a1a7e0d0e0';
const SIM_SECRET = 'Simulator-Shared-Secret-2026-local!';
type Via = 'mqtt' | 'kpn' | 'lorawan' | 'tts' | 'chirpstack';
const VIAS: readonly Via[] = ['mqtt', 'kpn', 'lorawan', 'tts', 'chirpstack'];

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '20' },
    rate: { type: 'string', default: '2' },
    via: { type: 'string', default: 'mqtt' },
    layout: { type: 'string', default: 'tracker' },
    count: { type: 'string' },
    seed: { type: 'string', default: '1' },
    quiet: { type: 'boolean', default: false },
    'stop-tag': { type: 'string' },
    'stop-after': { type: 'string', default: '10' },
  },
});
const api = `http://${HOST}:${port('API_PORT')}`;

async function request<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

type DemoAsset = {
  name: string;
  devices: { dev_eui: string }[];
  last_event: { latitude: number | null; longitude: number | null } | null;
};

async function demoTags(token: string, count: number, rng: () => number): Promise<SimTag[]> {
  const list = await request<{ 'hydra:member': DemoAsset[] }>('GET', '/api/assets?pagination=false', token);
  const located = list['hydra:member'].filter((a) => a.devices[0] && a.last_event?.latitude != null);
  if (located.length === 0) throw new Error('The demo tenant has no located asset with a tag: run `npm start` first');
  return located.slice(0, count).map((asset, i) =>
    newTag(
      rng,
      {
        devEui: (asset.devices[0] as { dev_eui: string }).dev_eui,
        assetName: asset.name,
        lat: asset.last_event?.latitude as number,
        lon: asset.last_event?.longitude as number,
      },
      i,
    ),
  );
}

/** The KPN webhook needs the tenant's plug and secret; the rest of the settings are kept (or the demo's). */
async function setUpKpnDestination(token: string) {
  const current = await request<Record<string, unknown> & { version: number | null }>('GET', '/api/kpn-things', token);
  const fields = current.version === null ? { ...KPN_DEMO } : current;
  await request('PUT', '/api/kpn-things', token, {
    ...fields,
    client_secret: current.version === null ? KPN_DEMO.client_secret : null,
    things_plug_uuid: SIM_PLUG,
    things_shared_secret: SIM_SECRET,
    version: current.version,
  });
}

const credentialsOf = thingCredentialsCache(() => port('IOT_PORT'));

/**
 * One MQTT connection per publishing thing (the broker holds every client to its IoT
 * policy): each tag as its own device thing, LoRaWAN as the destination stand-in. Made on first use.
 */
function publishers() {
  const clients = new Map<string, Promise<MqttClient>>();
  const clientOf = (thing: LocalThingKind) => {
    const key = JSON.stringify(thing);
    if (!clients.has(key))
      clients.set(
        key,
        credentialsOf(thing).then((credentials) => connectAsThing(port('MQTT_PORT'), credentials)),
      );
    return clients.get(key) as Promise<MqttClient>;
  };
  const endAll = async () => {
    for (const client of clients.values()) await (await client).endAsync();
  };
  return { clientOf, endAll };
}

/** The Things Stack webhook or the ChirpStack HTTP integration, with the tenant's secret in its header. */
function networkSender(via: 'tts' | 'chirpstack', secret: string): (uplink: Uplink) => Promise<string> {
  let frameCounter = 0;
  return async (uplink) => {
    const counted = { ...uplink, frameCounter: ++frameCounter };
    const body = via === 'tts' ? ttsBody(counted) : chirpstackBody(counted);
    const path = via === 'tts' ? '/api/tts/uplink' : '/api/chirpstack/uplink?event=up';
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-uplink-secret': secret },
      body: JSON.stringify(body),
    });
    return `${response.status} ${await response.text()}`;
  };
}

function sender(via: Via, clientOf: ReturnType<typeof publishers>['clientOf']): (uplink: Uplink) => Promise<string> {
  if (via === 'kpn')
    return async (uplink) => {
      const body = senmlBody(uplink);
      const response = await fetch(`${api}/api/things/uplink`, {
        method: 'POST',
        headers: kpnHeaders(body, SIM_PLUG, SIM_SECRET),
        body,
      });
      return `${response.status} ${await response.text()}`;
    };
  return async (uplink) => {
    const [topic, message] =
      via === 'lorawan'
        ? [LORAWAN_UPLINK_TOPIC, lorawanBody(uplink)]
        : [`tracking/${uplink.devEui}/uplink`, mqttJson(uplink)];
    const thing: LocalThingKind =
      via === 'lorawan' ? { kind: 'lorawan-destination' } : { kind: 'device', devEui: uplink.devEui };
    const publisher = await clientOf(thing);
    await publisher.publishAsync(topic, JSON.stringify(message), { qos: 1 });
    return `published to ${topic} (PUBACK)`;
  };
}

async function main() {
  const via = values.via as Via;
  if (!VIAS.includes(via)) throw new Error(`--via is one of ${VIAS.join(', ')}`);
  const rate = Number(values.rate);
  const rng = mulberry32(Number(values.seed));
  const { token } = await request<{ token: string }>('POST', '/user/sign-in', undefined, {
    email: 'admin',
    password: DEMO_PASSWORD,
  });
  const layout = values.layout;
  if (layout !== 'tracker' && layout !== 'codec') throw new Error('--layout is tracker or codec');
  if (layout === 'codec' && via === 'mqtt') throw new Error('--layout codec needs a way in that carries bytes');
  const tags = await demoTags(token, Number(values.devices), rng);
  await putTagsOnLayout(request, token, layout, tags);
  if (via === 'kpn') await setUpKpnDestination(token);
  if (via === 'kpn' && tags.length / rate < 1)
    console.warn("KPN's base time has whole seconds: a tag's uplinks less than a second apart become one event.");
  const mqttClients = publishers();
  const send =
    via === 'tts' || via === 'chirpstack'
      ? networkSender(
          via,
          (await request<{ secret: string }>('POST', `/api/uplink-integrations/${via}/secret`, token)).secret,
        )
      : sender(via, mqttClients.clientOf);
  const limit = values.count ? Number(values.count) : Number.POSITIVE_INFINITY;
  console.log(`Simulating ${tags.length} tags at ${rate} uplinks/s via ${via} (Ctrl-C stops).`);
  let stopping = false;
  process.once('SIGINT', () => {
    stopping = true;
  });
  const started = Date.now();
  const stopped = stoppedTag(tags, started);
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit && !stopping; i++) {
    const due = started + (i * 1000) / rate;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const tag = tags[i % tags.length] as SimTag;
    if (stopped?.isSilent(tag)) continue;
    const next = nextUplink(tag, rng, Date.now());
    const uplink = layout === 'codec' ? inCodecLayout(next) : next;
    const answer = await send(uplink).catch((error: Error) => `FAILED ${error.message}`);
    if (answer.startsWith('FAILED') || /^[45]\d\d/.test(answer)) failed++;
    else sent++;
    if (!values.quiet) console.log(`[${via}] ${describeUplink(tag, uplink)}  ${answer}`);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`Sent ${sent} uplinks (${failed} failed) in ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(1)}/s.`);
  await mqttClients.endAll();
}

/**
 * The tag `--stop-tag` names, silent from `--stop-after` seconds on. Says once when it stops, with the times
 * the built-in heartbeat (12 h; late after 1.5 intervals, silent after 3) gives it.
 */
function stoppedTag(tags: readonly SimTag[], started: number) {
  if (values['stop-tag'] === undefined) return undefined;
  const index = Number(values['stop-tag']) - 1;
  const tag = tags[index];
  if (!Number.isInteger(index) || !tag) throw new Error(`--stop-tag is a number from 1 to ${tags.length}`);
  const stopAt = started + Number(values['stop-after']) * 1000;
  let told = false;
  return {
    isSilent(candidate: SimTag) {
      if (candidate !== tag || Date.now() < stopAt) return false;
      if (!told) {
        told = true;
        const heartbeat = heartbeatOf();
        const late = new Date(Date.now() + heartbeat.intervalMs * LATE_AFTER_INTERVALS).toISOString();
        const silent = new Date(Date.now() + heartbeat.intervalMs * heartbeat.silentAfter).toISOString();
        console.log(
          `Tag ${tag.devEui} (${tag.assetName}) stops sending: late from ${late}, silent from ${silent}. ` +
            `To see it now: npm run job:silent-tags -- --now ${silent}`,
        );
      }
      return true;
    },
  };
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
