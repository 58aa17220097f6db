import { gatewayUplinkTopic } from '../../functions/lib/pipeline/topics';
import type { AssetMapAnswer } from '../../shared/schemas/asset-map';
import { decodeMapAnswer } from '../../shared/schemas/asset-map-codec';
import { kpnHeaders, mqttJson, senmlBody, type Uplink } from '../simulate/bodies';
import { ADDRESS, callFrom, type FairTenants, signInFrom } from './fairness-setup';

/**
 * Tenant B's steady load in the fairness bench (fairness.bench.ts): every tag sends one uplink every PERIOD_S
 * (even tags through KPN Things from the network's address, odd ones through B's gateway over MQTT), spread
 * evenly over the period; B's two users each read the asset map every MAP_EVERY_MS and the first asset list
 * page every LIST_EVERY_MS, and sign in again every SIGN_IN_EVERY_MS, from the users' address. An uplink's
 * latency is from its send to the first map answer that shows its time on its asset (what a user sees).
 */
export const PERIOD_S = Number(process.env.BENCH_FAIR_PERIOD_S ?? 10);
const MAP_EVERY_MS = 500;
const LIST_EVERY_MS = 2000;
const SIGN_IN_EVERY_MS = 5000;
/** After the window: until every uplink is on the map, or nothing new arrived for this long (then: lost). */
export const STALL_MS = Number(process.env.BENCH_FAIR_STALL_MS ?? 45_000);

export interface BFigures {
  sent: number;
  /** Uplink send -> first map answer showing it, ms. */
  latencies: number[];
  /** On the map only once the uplink queue was empty again, after the wait had given up on them. */
  late: number;
  /** Never on the map, not even then. */
  lost: number;
  /** Uplinks a way in did not answer 202 (or a publish that failed). */
  refused: number;
  signIns: { ok: number; total: number };
  reads: { latencies: number[]; failed: number };
  drainSeconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const markerKey = (assetId: number, epochSeconds: number) => `${assetId}:${epochSeconds}`;

/** Each tag a few metres further on each uplink, from its own start, so the position rule accepts it. */
const uplinkOf = (devEui: string, tagIndex: number, n: number, at: Date): Uplink => ({
  devEui,
  at,
  frameCounter: n + 1,
  payload: {
    eventType: 'moving',
    fix: { latitude: 52.0 + tagIndex * 0.002 + n * 0.00004, longitude: 5.1 + tagIndex * 0.002, accuracy: 10 },
  },
});

export class TenantBLoad {
  /** Uplinks sent so far per tag (each uplink's own position and frame counter). */
  private counts = new Map<string, number>();
  private tokens: string[] = [];
  /** The last run's uplinks the map had not shown when its wait ended. */
  private waiting = new Map<string, number>();

  constructor(
    private readonly apiUrl: string,
    private readonly tenants: FairTenants,
  ) {}

  async signInAll() {
    this.tokens = [];
    for (const login of this.tenants.b.logins) {
      const answer = await signInFrom(ADDRESS.users, this.apiUrl, login);
      if (answer.status !== 200) throw new Error(`B's ${login} sign-in: ${answer.status}`);
      this.tokens.push(String(answer.body.token));
    }
  }

  private async send(tagIndex: number, pending: Map<string, number>): Promise<boolean> {
    const { b } = this.tenants;
    const tag = b.tags[tagIndex];
    if (!tag) return false;
    const n = this.counts.get(tag.devEui) ?? 0;
    this.counts.set(tag.devEui, n + 1);
    const sentAt = Date.now();
    const at = new Date(Math.floor(sentAt / 1000) * 1000);
    const uplink = uplinkOf(tag.devEui, tagIndex, n, at);
    pending.set(markerKey(tag.assetId, at.getTime() / 1000), sentAt);
    try {
      if (tagIndex % 2 === 1) {
        await b.publish(gatewayUplinkTopic(b.tenantId, tag.devEui), JSON.stringify(mqttJson(uplink)));
        return true;
      }
      const body = senmlBody(uplink);
      const headers = kpnHeaders(body, b.plug, b.secret);
      const answer = await callFrom(ADDRESS.network, this.apiUrl, 'POST', '/api/things/uplink', { headers, body });
      return answer.status === 202;
    } catch {
      return false;
    }
  }

  /**
   * One map read as a user: every uplink whose time (or a later one of its tag: two uplinks stored between two
   * reads show only the second) is on its asset now is seen now.
   */
  private async readMap(token: string, pending: Map<string, number>, figures: BFigures) {
    const started = Date.now();
    const answer = await callFrom(ADDRESS.users, this.apiUrl, 'GET', '/api/assets/map', { token }).catch(() => null);
    figures.reads.latencies.push(Date.now() - started);
    if (answer?.status !== 200) return void figures.reads.failed++;
    const shown = new Map<number, number>();
    for (const [id, , , , , updated] of decodeMapAnswer(answer.body as unknown as AssetMapAnswer).markers)
      if (updated !== null) shown.set(id, updated);
    for (const [key, sentAt] of pending) {
      const [assetId, seconds] = key.split(':').map(Number) as [number, number];
      if ((shown.get(assetId) ?? -1) < seconds) continue;
      figures.latencies.push(Date.now() - sentAt);
      pending.delete(key);
    }
  }

  private async readList(token: string, figures: BFigures) {
    const started = Date.now();
    const answer = await callFrom(ADDRESS.users, this.apiUrl, 'GET', '/api/assets?page=1', { token }).catch(() => null);
    figures.reads.latencies.push(Date.now() - started);
    if (answer?.status !== 200) figures.reads.failed++;
  }

  private async signIn(userIndex: number, figures: BFigures) {
    const login = this.tenants.b.logins[userIndex] as string;
    figures.signIns.total++;
    const answer = await signInFrom(ADDRESS.users, this.apiUrl, login).catch(() => null);
    if (answer?.status !== 200) return;
    figures.signIns.ok++;
    this.tokens[userIndex] = String(answer.body.token);
  }

  /** A user's loop until `until()`: the map, the list and a fresh sign-in, each on its own clock. */
  private async user(userIndex: number, until: () => boolean, pending: Map<string, number>, figures: BFigures) {
    await sleep(userIndex * (MAP_EVERY_MS / 2));
    let nextList = Date.now();
    let nextSignIn = Date.now() + SIGN_IN_EVERY_MS;
    while (!until()) {
      const tick = Date.now();
      const token = this.tokens[userIndex] as string;
      const work: Promise<void>[] = [this.readMap(token, pending, figures)];
      if (tick >= nextList) {
        nextList += LIST_EVERY_MS;
        work.push(this.readList(token, figures));
      }
      if (tick >= nextSignIn) {
        nextSignIn += SIGN_IN_EVERY_MS;
        work.push(this.signIn(userIndex, figures));
      }
      await Promise.all(work);
      await sleep(Math.max(0, tick + MAP_EVERY_MS - Date.now()));
    }
  }

  /** The load for `seconds`, then the users go on reading until every uplink is on the map (or it stalls). */
  async run(seconds: number): Promise<BFigures> {
    const figures: BFigures = {
      sent: 0,
      latencies: [],
      late: 0,
      lost: 0,
      refused: 0,
      signIns: { ok: 0, total: 0 },
      reads: { latencies: [], failed: 0 },
      drainSeconds: 0,
    };
    const pending = new Map<string, number>();
    let windowOver = false;
    let drained = false;
    const users = this.tenants.b.logins.map((_, i) => this.user(i, () => drained, pending, figures));
    const tags = this.tenants.b.tags.length;
    const started = Date.now();
    const sending: Promise<void>[] = [];
    for (let i = 0; Date.now() - started < seconds * 1000; i++) {
      const due = started + (i * PERIOD_S * 1000) / tags;
      if (due > Date.now()) await sleep(due - Date.now());
      if (due - started >= seconds * 1000) break;
      figures.sent++;
      sending.push(this.send(i % tags, pending).then((ok) => void (ok ? 0 : figures.refused++)));
    }
    await Promise.all(sending);
    windowOver = true;
    const windowEnd = Date.now();
    let left = pending.size;
    let movedAt = Date.now();
    while (windowOver && pending.size > 0 && Date.now() - movedAt < STALL_MS) {
      await sleep(250);
      if (pending.size !== left) movedAt = Date.now();
      left = pending.size;
    }
    drained = true;
    await Promise.all(users);
    figures.lost = pending.size;
    figures.drainSeconds = (Date.now() - windowEnd) / 1000;
    this.waiting = pending;
    return figures;
  }

  /** Once the queue is empty: the uplinks the wait gave up on that are on the map now are late, not lost. */
  async recheck(figures: BFigures) {
    if (this.waiting.size === 0) return;
    const seen: BFigures = { ...figures, latencies: [], reads: { latencies: [], failed: 0 } };
    await this.readMap(this.tokens[0] as string, this.waiting, seen);
    figures.late = seen.latencies.length;
    figures.lost = this.waiting.size;
  }
}
