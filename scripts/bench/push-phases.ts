import type WebSocket from 'ws';
import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import type { NormalizedUplink } from '../../functions/lib/pipeline/contracts';
import { enqueueUplinks } from '../../functions/lib/pipeline/queue/uplink-queue';
import { leaseChannel, publishOne, type Receipts, subscriber } from './push-subscribers';
import { cpuSeconds } from './stack';

/**
 * The phases of the live push bench (push.bench.ts): subscribers on the demo tenant's staff channel while
 * uplinks go into the queue at a rate, and the fan-out alone with the pipeline idle.
 */
export const CLIENTS = Number(process.env.BENCH_PUSH_CLIENTS ?? 1000);
export const RATE = Number(process.env.BENCH_PUSH_RATE ?? 50);
export const SECONDS = Number(process.env.BENCH_PUSH_SECONDS ?? 30);

/**
 * RATE uplinks a second for SECONDS into the uplink queue (SQS stand-in -> poller -> processor -> publisher ->
 * stand-in), round robin over the tags, each a few metres on; `sent` keys asset:second. Not over MQTT: the
 * broker, rule and ingest before the queue sustain ~9 uplinks/s on this shared box (section "pipeline"), which
 * would measure their backlog, not push.
 */
async function drive(devices: DeviceRecord[], sent: Map<string, number>, rate: number) {
  const started = Date.now();
  let n = 0;
  const sending: Promise<void>[] = [];
  while (Date.now() - started < SECONDS * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    const batch: NormalizedUplink[] = [];
    for (; n < due; n++) {
      const device = devices[n % devices.length] as DeviceRecord;
      const at = new Date(Math.floor(Date.now() / 1000) * 1000);
      const fix = {
        latitude: (device.last_event?.latitude as number) + ((n % 7) * 3) / 111_000,
        longitude: device.last_event?.longitude as number,
        accuracy: 10,
        source: 'gnss' as const,
      };
      sent.set(`${device.asset?.id}:${at.getTime() / 1000}`, Date.now());
      batch.push({
        tenant: '1',
        devEui: device.dev_eui,
        source: 'mqtt',
        measuredAt: at.toISOString(),
        receivedAt: new Date().toISOString(),
        decoded: { eventType: 'moving', fix },
      });
    }
    if (batch.length > 0) sending.push(enqueueUplinks(batch));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await Promise.all(sending);
  return n;
}

export interface Phase {
  uplinks: number;
  receipts: Receipts;
  clients: number;
  minutes: number;
  /** CPU seconds of the stack's processes from the first uplink until the last message arrived. */
  stackCpu: number;
  benchCpu: number;
}

/** `clients` subscribers (at least one, to see the last message arrive), RATE uplinks/s, until all arrived. */
export async function phase(
  token: string,
  clients: number,
  devices: DeviceRecord[],
  stackPid?: number,
  rate = RATE,
): Promise<Phase> {
  const sent = new Map<string, number>();
  const receipts: Receipts = { latencies: [], messages: 0, bytes: 0 };
  const sockets: WebSocket[] = [];
  const channel = await leaseChannel();
  for (let i = 0; i < clients; i += 50)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, clients - i) }, () => subscriber(token, channel, sent, receipts)),
      )),
    );
  const cpu = () => (stackPid ? cpuSeconds(stackPid) : Number.NaN);
  const cpuBefore = cpu();
  const benchBefore = process.cpuUsage();
  const started = Date.now();
  const uplinks = await drive(devices, sent, rate);
  // Until the backlog is through: no new message for 3 s.
  let last = -1;
  while (receipts.messages !== last) {
    last = receipts.messages;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  const minutes = (Date.now() - started - 3000) / 60_000;
  const bench = process.cpuUsage(benchBefore);
  for (const socket of sockets) socket.close();
  return {
    uplinks,
    receipts,
    clients,
    minutes,
    stackCpu: cpu() - cpuBefore,
    benchCpu: (bench.user + bench.system) / 1e6,
  };
}

/**
 * Fan-out alone: with CLIENTS subscribers and the pipeline idle, the stack's CPU for MESSAGES published
 * messages of 50 marker changes (a busy second's message), less its idle CPU over the same time.
 */
export async function fanOutCpu(token: string, stackPid: number | undefined) {
  const MESSAGES = 40;
  const receipts: Receipts = { latencies: [], messages: 0, bytes: 0 };
  const sockets: WebSocket[] = [];
  const channel = await leaseChannel();
  for (let i = 0; i < CLIENTS; i += 50)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, CLIENTS - i) }, () => subscriber(token, channel, new Map(), receipts)),
      )),
    );
  const cpu = () => (stackPid ? cpuSeconds(stackPid) : Number.NaN);
  const idleStart = cpu();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idlePerSecond = (cpu() - idleStart) / 5;
  const changes = Array.from({ length: 50 }, (_, i) => ({
    t: 'asset' as const,
    id: 1000 + i,
    m: [1000 + i, `Haspel H-${1000 + i}`, 2, 52.12345, 5.12345, 1764100000, 0] as [
      number,
      string,
      number,
      number,
      number,
      number,
      number,
    ],
  }));
  const before = cpu();
  const started = Date.now();
  for (let i = 0; i < MESSAGES; i++) {
    await publishOne(channel, changes, i);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  while (receipts.messages < MESSAGES * CLIENTS && Date.now() - started < 120_000)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const seconds = (Date.now() - started) / 1000;
  for (const socket of sockets) socket.close();
  return { perMessageMs: ((cpu() - before - idlePerSecond * seconds) / MESSAGES) * 1000, delivered: receipts.messages };
}
