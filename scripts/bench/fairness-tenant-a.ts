import { gatewayUplinkTopic } from '../../functions/lib/pipeline/topics';
import { encodeDemoPayload } from '../seed/demo-codec';
import { mqttJson, type Uplink } from '../simulate/bodies';
import { ttsBody } from '../simulate/network-samples';
import { ADDRESS, callFrom, type FairTenants, signInFrom } from './fairness-setup';
import { PERIOD_S } from './fairness-tenant-b';

/**
 * Tenant A's attacks in the fairness bench, each for the window of a phase, all from A's own address and
 * credentials through the real routes and topics:
 *  (a) refused: B's DEVEUIs through A's gateway (MQTT, gateway topic of A) and A's TTS webhook, as fast as
 *      FLOOD_WORKERS senders each get their answers;
 *  (b) codec: A's 100 tags, each on its own profile whose codec spends nearly the whole time limit, one uplink
 *      each every PERIOD_S through TTS (A's fleet at B's rate: 100 profiles in turn, so the codec cache of 16
 *      compiles too);
 *  (c) burst: sign-ins (A's users with their password, and unknown logins with a wrong one) and webhook posts
 *      with wrong credentials (KPN and TTS), BURST_WORKERS senders each as fast as answered.
 * Answers per status; A's throughput is what its senders got through (served, and for (b) events stored).
 */
const FLOOD_WORKERS = Number(process.env.BENCH_FAIR_FLOOD_WORKERS ?? 8);
const BURST_WORKERS = Number(process.env.BENCH_FAIR_BURST_WORKERS ?? 8);

export interface AFigures {
  /** Requests or publishes made. */
  sent: number;
  /** Answers by HTTP status ('mqtt' for publishes the broker acknowledged). */
  statuses: Map<string, number>;
  seconds: number;
}

const tally = (figures: AFigures, status: string) => {
  figures.statuses.set(status, (figures.statuses.get(status) ?? 0) + 1);
};

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T;

const fixUplink = (devEui: string, at: Date, raw?: Uplink['raw']): Uplink => ({
  devEui,
  at,
  frameCounter: Math.floor(Math.random() * 60_000),
  payload: { eventType: 'moving', fix: { latitude: 53.2, longitude: 6.5, accuracy: 10 } },
  ...(raw ? { raw } : {}),
});

/** `workers` loops of `step` until the window ends. */
async function senders(seconds: number, workers: number, step: (figures: AFigures) => Promise<void>) {
  const figures: AFigures = { sent: 0, statuses: new Map(), seconds };
  const until = Date.now() + seconds * 1000;
  const loop = async () => {
    while (Date.now() < until) {
      figures.sent++;
      await step(figures).catch(() => tally(figures, 'error'));
    }
  };
  await Promise.all(Array.from({ length: workers }, loop));
  return figures;
}

const postTts = (apiUrl: string, secret: string, uplink: Uplink) =>
  callFrom(ADDRESS.attacker, apiUrl, 'POST', '/api/tts/uplink', {
    headers: { 'x-uplink-secret': secret },
    body: JSON.stringify(ttsBody(uplink)),
  });

/** (a) B's DEVEUIs through A's own gateway and TTS webhook: refused at ingest, counted for A. */
export function refusedFlood(apiUrl: string, tenants: FairTenants, seconds: number): Promise<AFigures> {
  const { a, b } = tenants;
  let turn = 0;
  return senders(seconds, FLOOD_WORKERS, async (figures) => {
    const devEui = pick(b.tags).devEui;
    const uplink = fixUplink(devEui, new Date());
    if (turn++ % 2 === 0) {
      await a.publish(gatewayUplinkTopic(a.tenantId, devEui), JSON.stringify(mqttJson(uplink)));
      return tally(figures, 'mqtt');
    }
    tally(figures, String((await postTts(apiUrl, a.ttsSecret, uplink)).status));
  });
}

/** (b) A's own tags through TTS, each decoded by its busy codec: paced, A's fleet every PERIOD_S. */
export async function busyCodec(apiUrl: string, tenants: FairTenants, seconds: number): Promise<AFigures> {
  const { a } = tenants;
  const figures: AFigures = { sent: 0, statuses: new Map(), seconds };
  const started = Date.now();
  const sending: Promise<void>[] = [];
  for (let i = 0; ; i++) {
    const due = started + (i * PERIOD_S * 1000) / a.tags.length;
    if (due - started >= seconds * 1000) break;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const tag = a.tags[i % a.tags.length] as (typeof a.tags)[number];
    const raw = encodeDemoPayload({ latitude: 53.2 + i * 1e-5, longitude: 6.5, batteryMv: 3600, motion: true });
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    figures.sent++;
    sending.push(
      postTts(apiUrl, a.ttsSecret, fixUplink(tag.devEui, at, { hex: raw.hex, fPort: raw.fPort }))
        .then((answer) => void tally(figures, String(answer.status)))
        .catch(() => void tally(figures, 'error')),
    );
  }
  await Promise.all(sending);
  return figures;
}

/** (c) The public routes in a burst: sign-ins right and wrong, webhook posts with wrong credentials. */
export function publicBurst(apiUrl: string, tenants: FairTenants, seconds: number): Promise<AFigures> {
  const { a, b } = tenants;
  let turn = 0;
  return senders(seconds, BURST_WORKERS, async (figures) => {
    const kind = turn++ % 4;
    const body = JSON.stringify(ttsBody(fixUplink(pick(b.tags).devEui, new Date())));
    let status: number;
    if (kind === 0) status = (await signInFrom(ADDRESS.attacker, apiUrl, pick(a.logins))).status;
    else if (kind === 1)
      status = (await signInFrom(ADDRESS.attacker, apiUrl, `nobody-${turn}`, 'wrong-Pass-1!')).status;
    else if (kind === 2)
      status = (
        await callFrom(ADDRESS.attacker, apiUrl, 'POST', '/api/things/uplink', {
          headers: { 'things-plug-uuid': b.plug, 'things-message-token': 'f'.repeat(64) },
          body,
        })
      ).status;
    else
      status = (
        await callFrom(ADDRESS.attacker, apiUrl, 'POST', '/api/tts/uplink', {
          headers: { 'x-uplink-secret': 'not-the-secret' },
          body,
        })
      ).status;
    tally(figures, `${['sign-in', 'bad sign-in', 'KPN', 'TTS'][kind]} ${status}`);
  });
}
