import { randomBytes } from 'node:crypto';
import {
  CHIRPSTACK_JOIN_SAMPLE,
  chirpstackBody,
  LGT92_DECODED,
  TTS_UPLINK_SAMPLE,
  ttsBody,
} from '../../scripts/simulate/network-samples';
import { call, tokenOf } from '../harness/api';
import { foreignRefusals } from '../harness/rejections';
import { type Uplink, waitFor } from '../harness/uplinks';

/**
 * The Things Stack webhook and the ChirpStack v4 HTTP integration through the real local
 * stack, with the networks' published sample messages (scripts/simulate/network-samples.ts names the sources):
 * each reaches an event on the right asset, a wrong or missing secret is refused and queues nothing, another
 * tenant's DEVEUI is refused, a replay writes no second event, a time far ahead is refused, and the networks'
 * other messages are acknowledged and ignored. Every tag here is made by the file, in demo and acme.
 */
type LastEvent = { date: string; latitude: number | null; longitude: number | null };
type Asset = { id: number; last_event: LastEvent | null };
type Event = { id: number; date: string; latitude: number | null; longitude: number | null };
type Secret = { secret: string; header: string; integration: string };
type Tag = { devEui: string; deviceId: number; assetId: number };

const runPrefix = randomBytes(4).toString('hex').toUpperCase();
let serial = 0;
const newDevEui = () => `${runPrefix}${(++serial + 0x5a00).toString(16).toUpperCase().padStart(8, '0')}`;

let admin: string;
let acmeAdmin: string;
const secrets: Record<string, string> = {};

async function makeSecret(token: string, kind: 'tts' | 'chirpstack'): Promise<string> {
  const made = await call<Secret>('POST', `/api/uplink-integrations/${kind}/secret`, { token });
  expect(made.status).toBe(201);
  expect(made.body.header).toBe('x-uplink-secret');
  return made.body.secret;
}

/** A new tag on a new asset of demo. */
async function newTag(token: string): Promise<Tag> {
  const devEui = newDevEui();
  // Devices are registered by super admins (docs/decisions: device writes), here in demo (tenant 1).
  const device = await call<{ id: number }>('POST', '/api/devices', {
    token: await tokenOf('superadmin'),
    headers: { 'x-tenant-id': '1' },
    body: { dev_eui: devEui },
  });
  expect(device.status).toBe(201);
  const asset = await call<{ id: number }>('POST', '/api/assets', {
    token,
    body: { name: `Network way in ${devEui}`, devices: [device.body.id] },
  });
  expect(asset.status).toBe(201);
  return { devEui, deviceId: device.body.id, assetId: asset.body.id };
}

const post = (path: string, body: unknown, secret?: string) =>
  call<{ accepted: number; rejected?: string }>('POST', path, {
    rawBody: JSON.stringify(body),
    headers: secret === undefined ? {} : { 'x-uplink-secret': secret },
  });

const getAsset = async (token: string, id: number) => (await call<Asset>('GET', `/api/assets/${id}`, { token })).body;
const eventsOf = async (token: string, deviceId: number) =>
  (await call<{ 'hydra:member': Event[] }>('GET', `/api/events?device.id=${deviceId}&pagination=false`, { token }))
    .body['hydra:member'];
const waitForEventAt = (token: string, tag: Tag, at: Date) =>
  waitFor(
    () => eventsOf(token, tag.deviceId),
    (list) => list.some((e) => e.date === at.toISOString()),
  );

/** Our tracker's moving uplink at `at`, in Utrecht unless placed elsewhere. */
const tracker = (tag: Tag, at: Date, latitude = 52.0907, frameCounter?: number): Uplink => ({
  devEui: tag.devEui,
  at,
  payload: { eventType: 'moving', fix: { latitude, longitude: 5.1214, accuracy: 10 } },
  ...(frameCounter === undefined ? {} : { frameCounter }),
});
const secondsAgo = (s: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - s * 1000);

beforeAll(async () => {
  admin = await tokenOf('admin');
  acmeAdmin = await tokenOf('acme-admin');
  secrets.demoTts = await makeSecret(admin, 'tts');
  secrets.demoChirpstack = await makeSecret(admin, 'chirpstack');
  secrets.acmeTts = await makeSecret(acmeAdmin, 'tts');
});

describe('secrets', () => {
  it('are shown once: the settings answer says only whether one is set', async () => {
    const state = await call<Record<string, { secret_set: boolean; created_at: string | null }>>(
      'GET',
      '/api/uplink-integrations',
      { token: admin },
    );
    expect(state.status).toBe(200);
    expect(state.body.tts?.secret_set).toBe(true);
    expect(state.body.chirpstack?.secret_set).toBe(true);
    expect(JSON.stringify(state.body)).not.toContain(secrets.demoTts as string);
  });

  it('are for admins: a user and a client get 403', async () => {
    for (const login of ['user', 'client'])
      expect((await call('POST', '/api/uplink-integrations/tts/secret', { token: await tokenOf(login) })).status).toBe(
        403,
      );
  });
});

describe('The Things Stack webhook', () => {
  it('takes the published uplink_message sample to an event at its solved location', async () => {
    const tag = await newTag(admin);
    const at = secondsAgo(30);
    const answer = await post('/api/tts/uplink', ttsBody({ ...tracker(tag, at) }, 'sample'), secrets.demoTts);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ accepted: 1 });
    const [event] = await waitForEventAt(admin, tag, at);
    const user = TTS_UPLINK_SAMPLE.uplink_message.locations.user;
    expect(event?.latitude).toBeCloseTo(user.latitude, 5);
    expect(event?.longitude).toBeCloseTo(user.longitude, 5);
    expect((await getAsset(admin, tag.assetId)).last_event?.date).toBe(at.toISOString());
  });

  it('decodes frm_payload with the tracker decoder when TTS did not decode, and a replay adds nothing', async () => {
    const tag = await newTag(admin);
    const at = secondsAgo(20);
    const body = ttsBody(tracker(tag, at, 52.09, 7));
    expect((await post('/api/tts/uplink', body, secrets.demoTts)).status).toBe(202);
    await waitForEventAt(admin, tag, at);
    // The same uplink again (TTS retries), then a later one: once the later is there, the replay is settled.
    expect((await post('/api/tts/uplink', body, secrets.demoTts)).status).toBe(202);
    const later = secondsAgo(10);
    expect((await post('/api/tts/uplink', ttsBody(tracker(tag, later, 52.0901, 8)), secrets.demoTts)).status).toBe(202);
    const events = await waitForEventAt(admin, tag, later);
    expect(events.map((e) => e.date).sort()).toEqual([at.toISOString(), later.toISOString()]);
  });

  it('refuses a wrong or missing secret (403, error format) and queues nothing', async () => {
    const tag = await newTag(admin);
    const refusedAt = secondsAgo(40);
    for (const secret of [undefined, 'not-the-secret', secrets.demoChirpstack]) {
      const answer = await post('/api/tts/uplink', ttsBody(tracker(tag, refusedAt)), secret);
      expect(answer.status).toBe(403);
      expect(answer.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
    // Absence proven against an uplink that arrived after the refused ones.
    const sentinel = secondsAgo(5);
    expect((await post('/api/tts/uplink', ttsBody(tracker(tag, sentinel)), secrets.demoTts)).status).toBe(202);
    const events = await waitForEventAt(admin, tag, sentinel);
    expect(events.map((e) => e.date)).toEqual([sentinel.toISOString()]);
  });

  it("refuses another tenant's DEVEUI sent with this tenant's secret", async () => {
    const demoTag = await newTag(admin);
    const counted = (await foreignRefusals(2)).total;
    const attackAt = secondsAgo(50);
    const answer = await post('/api/tts/uplink', ttsBody(tracker(demoTag, attackAt, 10)), secrets.acmeTts);
    // Answered as any uplink is (a held DEVEUI is not told from a free one), and counted for acme before that
    // answer, as for KPN (docs/security.md, "Writing another tenant's tags through one's own way in").
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ accepted: 1 });
    expect((await foreignRefusals(2)).total).toBeGreaterThan(counted);
    const sentinel = secondsAgo(5);
    expect((await post('/api/tts/uplink', ttsBody(tracker(demoTag, sentinel)), secrets.demoTts)).status).toBe(202);
    const events = await waitForEventAt(admin, demoTag, sentinel);
    expect(events.map((e) => e.date)).toEqual([sentinel.toISOString()]);
  });

  it('acknowledges other message types without queueing', async () => {
    const { uplink_message: _up, ...envelope } = TTS_UPLINK_SAMPLE;
    const joinAccept = { ...envelope, join_accept: { session_key_id: 'AXBSH1Pk6Z0G166...', received_at: 'x' } };
    const answer = await post('/api/tts/uplink', joinAccept, secrets.demoTts);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ accepted: 0 });
  });

  it('answers 413 for a body above 64 KB', async () => {
    const big = { ...TTS_UPLINK_SAMPLE, padding: 'x'.repeat(70 * 1024) };
    expect((await post('/api/tts/uplink', big, secrets.demoTts)).status).toBe(413);
  });
});

describe('ChirpStack v4 HTTP integration', () => {
  it('takes the published up event (our tracker bytes in data) to an event', async () => {
    const tag = await newTag(admin);
    const at = secondsAgo(30);
    const answer = await call('POST', '/api/chirpstack/uplink?event=up', {
      rawBody: JSON.stringify(chirpstackBody(tracker(tag, at))),
      headers: { 'x-uplink-secret': secrets.demoChirpstack as string },
    });
    expect(answer.status).toBe(202);
    const [event] = await waitForEventAt(admin, tag, at);
    expect(event?.latitude).toBeCloseTo(52.0907, 5);
  });

  it("uses the codec's object when ChirpStack decoded (a Dragino LGT-92 codec output)", async () => {
    const tag = await newTag(admin);
    const at = secondsAgo(25);
    const body = chirpstackBody(tracker(tag, at), LGT92_DECODED);
    const answer = await call('POST', '/api/chirpstack/uplink?event=up', {
      rawBody: JSON.stringify(body),
      headers: { 'x-uplink-secret': secrets.demoChirpstack as string },
    });
    expect(answer.status).toBe(202);
    const [event] = await waitForEventAt(admin, tag, at);
    expect(event?.latitude).toBeCloseTo(LGT92_DECODED.latitude, 5);
    expect(event?.longitude).toBeCloseTo(LGT92_DECODED.longitude, 5);
  });

  it('acknowledges join (and other) events without queueing, and refuses a time 5 minutes ahead', async () => {
    const secret = secrets.demoChirpstack as string;
    const join = await call('POST', '/api/chirpstack/uplink?event=join', {
      rawBody: JSON.stringify(CHIRPSTACK_JOIN_SAMPLE),
      headers: { 'x-uplink-secret': secret },
    });
    expect(join.status).toBe(202);
    expect(join.body).toEqual({ accepted: 0 });
    const tag = await newTag(admin);
    const ahead = new Date(Date.now() + 3_600_000);
    const send = (uplink: Uplink) =>
      call('POST', '/api/chirpstack/uplink?event=up', {
        rawBody: JSON.stringify(chirpstackBody(uplink)),
        headers: { 'x-uplink-secret': secret },
      });
    expect((await send(tracker(tag, ahead))).status).toBe(202);
    const sentinel = secondsAgo(5);
    expect((await send(tracker(tag, sentinel))).status).toBe(202);
    const events = await waitForEventAt(admin, tag, sentinel);
    expect(events.map((e) => e.date)).toEqual([sentinel.toISOString()]);
  });

  it('stops taking a replaced secret', async () => {
    const old = await makeSecret(admin, 'chirpstack');
    secrets.demoChirpstack = await makeSecret(admin, 'chirpstack');
    const body = JSON.stringify(CHIRPSTACK_JOIN_SAMPLE);
    const withSecret = (secret: string) =>
      call('POST', '/api/chirpstack/uplink?event=join', { rawBody: body, headers: { 'x-uplink-secret': secret } });
    expect((await withSecret(old)).status).toBe(403);
    expect((await withSecret(secrets.demoChirpstack)).status).toBe(202);
  });
});
