import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/**
 * Ports and folders of the local stack. Every port can be moved with its environment variable; a port that
 * is taken stops the start with a message naming that variable.
 */
export const PORTS = {
  API_PORT: 3001,
  WEB_PORT: 5173,
  DYNAMODB_PORT: 8000,
  S3_PORT: 4569,
  COGNITO_PORT: 9229,
  MQTT_PORT: 1883,
  SMTP_PORT: 1025,
  MAIL_WEB_PORT: 1080,
  KPN_PORT: 4011,
  SSO_PORT: 4012,
  LAMBDA_PORT: 4013,
  EVENTBRIDGE_PORT: 4015,
  SNS_PORT: 4016,
  SQS_PORT: 4014,
  IOT_PORT: 4017,
  SES_PORT: 4018,
  LIVE_PORT: 4019,
  PUSH_PORT: 4020,
} as const;
export type PortName = keyof typeof PORTS;

export const HOST = '127.0.0.1';
export const REGION = 'eu-west-1';
export const TABLE_NAME = 'tracking';
export const ATTACHMENTS_BUCKET = 'tracking-attachments';

export const dataDir = () => path.resolve(process.env.LOCAL_DATA_DIR ?? '.local');

export function port(name: PortName): number {
  const value = process.env[name];
  if (value === undefined || value === '') return PORTS[name];
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name}=${value} is not a valid port number.`);
  return n;
}

export async function assertPortFree(name: PortName): Promise<void> {
  const wanted = port(name);
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${wanted} is already in use. Stop what uses it or choose another port with ${name}=<port>.`
            : `Cannot listen on port ${wanted} (${name}): ${error.message}`,
        ),
      ),
    );
    server.listen(wanted, HOST, () => server.close(() => resolve()));
  });
}

/** Linux's range for ports the OS hands out itself (outgoing connections, listen on port 0); elsewhere none. */
function ephemeralRange(): [number, number] | undefined {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low && high ? [low, high] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ports the Fetch standard calls bad (https://fetch.spec.whatwg.org/#port-blocking): Node's fetch refuses
 * them ("bad port") and so does Chromium (ERR_UNSAFE_PORT), so a stack service on one is unreachable from the
 * tests and the console. Seen in a run: 10080 came up for the API, and every test that followed a mailed link
 * to it failed.
 */
export const BAD_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

const holdPort = (wanted: number) =>
  new Promise<net.Server | undefined>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(wanted, HOST, () => resolve(server));
  });

/**
 * `count` different free ports for a stack the tests start. They come from below the OS's ephemeral range: a port
 * of that range, chosen and released here, could be taken by one of the thousands of outgoing connections the
 * stack makes while it starts (seeding) before its service binds it, and the start failed with EADDRINUSE. Each
 * is held open until every one is chosen, so no two are the same; a port in use, or one browsers refuse, is skipped.
 */
export async function freePorts(count: number): Promise<number[]> {
  const range = ephemeralRange();
  const below = range ? Math.min(range[0], 65536) : 0;
  const servers: net.Server[] = [];
  // From a random point of 10000..ephemeral start, so two stacks starting at once rarely look at the same ports.
  const span = below - 10_000;
  let next = span > count * 4 ? 10_000 + Math.floor(Math.random() * span) : 0;
  for (let tries = 0; servers.length < count && next > 0 && tries < count * 50; tries++) {
    const server = BAD_PORTS.has(next) ? undefined : await holdPort(next);
    if (server) servers.push(server);
    next = next + 1 >= below ? 10_000 : next + 1;
  }
  // No range below the ephemeral one (another OS, an odd setting): the OS's own choice, as before.
  while (servers.length < count) servers.push((await holdPort(0)) as net.Server);
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** The environment the handlers run with locally: the same variables CDK sets, plus local endpoints. */
export function handlerEnvironment(ids: {
  userPoolId: string;
  userPoolClientId: string;
  apiClientsClientId?: string;
}): Record<string, string> {
  return {
    AWS_REGION: REGION,
    TABLE_NAME,
    ATTACHMENTS_BUCKET,
    USER_POOL_ID: ids.userPoolId,
    USER_POOL_CLIENT_ID: ids.userPoolClientId,
    ...(ids.apiClientsClientId ? { API_CLIENTS_CLIENT_ID: ids.apiClientsClientId } : {}),
    DYNAMODB_ENDPOINT: `http://${HOST}:${port('DYNAMODB_PORT')}`,
    S3_ENDPOINT: `http://${HOST}:${port('S3_PORT')}`,
    COGNITO_ENDPOINT: `http://${HOST}:${port('COGNITO_PORT')}`,
    // Mail goes through the SES v2 stand-in (scripts/local/ses-service.ts), which relays to the SMTP catcher.
    SES_ENDPOINT: `http://${HOST}:${port('SES_PORT')}`,
    MAIL_FROM: 'Tracking <no-reply@tracking.local>',
    MQTT_URL: `mqtts://${HOST}:${port('MQTT_PORT')}`,
    // IoT control plane (scripts/local/iot-service.ts) and the gateway policy CDK names for the stage.
    IOT_ENDPOINT: `http://${HOST}:${port('IOT_PORT')}`,
    GATEWAY_POLICY_NAME: 'tracking-local-gateway',
    CONSOLE_ORIGIN: `http://localhost:${port('WEB_PORT')}`,
    // The API's public address, named by GET /api/docs.json (on AWS the API's CloudFront distribution).
    API_PUBLIC_URL: `http://${HOST}:${port('API_PORT')}`,
    // <subdomain>.localhost:<port> acts in that tenant (functions/lib/auth/tenant-host.ts).
    TENANT_HOST_SUFFIX: 'localhost',
    // KPN Things stand-in (scripts/local/kpn-things.ts) and the local data key of integration secrets.
    KPN_TOKEN_URL: `http://${HOST}:${port('KPN_PORT')}/api/v3/idp/oidc/token`,
    KPN_API_URL: `http://${HOST}:${port('KPN_PORT')}`,
    KPN_DATA_KEY_FILE: path.join(dataDir(), 'kpn-data-key'),
    // Single sign-on: the stand-in (scripts/local/sso-provider.ts) is the Cognito domain and issues the ID tokens.
    COGNITO_DOMAIN: `http://${HOST}:${port('SSO_PORT')}`,
    SSO_PROVIDER_NAME: 'AzureEntraId', // infra/config.ts's default azureProviderName
    SSO_TOKEN_ISSUER: `http://${HOST}:${port('SSO_PORT')}`,
    // The stand-in plays the Entra ID directory of the demo tenant (the seed's first tenant, id 1), which has
    // verified demo.local: acme users cannot sign in through it, as another tenant's users on AWS.
    SSO_TENANT_ID: '1',
    SSO_VERIFIED_DOMAINS: 'demo.local',
    // Workers invoked asynchronously (scripts/local/lambda-service.ts; on AWS the functions CDK names here).
    LAMBDA_ENDPOINT: `http://${HOST}:${port('LAMBDA_PORT')}`,
    EXPORT_WORKER_FUNCTION: 'export-worker',
    BULK_EDIT_WORKER_FUNCTION: 'bulk-edit-worker',
    ASSET_IMPORT_WORKER_FUNCTION: 'asset-import-worker',
    LOAN_DAY_WORKER_FUNCTION: 'loan-day-worker',
    // Alarm side of the device pipeline (scripts/local/eventbridge-service.ts, sns-service.ts).
    EVENTBRIDGE_ENDPOINT: `http://${HOST}:${port('EVENTBRIDGE_PORT')}`,
    EVENT_BUS_NAME: 'tracking-pipeline',
    SNS_ENDPOINT: `http://${HOST}:${port('SNS_PORT')}`,
    ALARM_TOPIC_ARN: `arn:aws:sns:${REGION}:000000000000:tracking-alarms`,
    // Device event pipeline: the uplink queue (scripts/local/sqs-service.ts; on AWS the FIFO queue CDK names).
    SQS_ENDPOINT: `http://${HOST}:${port('SQS_PORT')}`,
    UPLINK_QUEUE_URL: `http://${HOST}:${port('SQS_PORT')}/000000000000/tracking-uplinks.fifo`,
    // The codec lane: uplinks of a tenant over its codec time (functions/lib/pipeline/queue/codec-lane.ts).
    CODEC_LANE_QUEUE_URL: `http://${HOST}:${port('SQS_PORT')}/000000000000/tracking-uplinks-codec-lane.fifo`,
    // Webhooks: the delivery queue; http:// and one *.localhost name mapped to 127.0.0.1 for
    // the tests' receivers. Locally only: the sender ignores both on AWS (functions/lib/webhooks/webhook-http.ts).
    WEBHOOK_QUEUE_URL: `http://${HOST}:${port('SQS_PORT')}/000000000000/tracking-webhooks`,
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_LOCAL_RECEIVER_HOST: 'webhook-receiver.localhost',
    // Live push: the AppSync Events stand-in's HTTP publish endpoint (scripts/local/appsync-events.ts).
    LIVE_ENDPOINT: `http://${HOST}:${port('LIVE_PORT')}/event`,
    // Web Push: the product's VAPID pair, made at the first start (functions/lib/web-push/vapid-keys.ts), and the
    // push-service stand-in (scripts/local/push-service.ts), the one origin the push sender may reach locally
    // beyond the browsers' push services. The sender ignores it on AWS (functions/lib/web-push/push-endpoint.ts).
    VAPID_KEYS_FILE: path.join(dataDir(), 'vapid-keys.json'),
    PUSH_LOCAL_SERVICE_ORIGIN: `http://${HOST}:${port('PUSH_PORT')}`,
    // Addresses: the offline geocoder by default (no network); GEOCODER_PROVIDER=pdok or amazon (with
    // GEO_PLACES_ENDPOINT / PDOK_REVERSE_URL) moves a local run to another provider.
    GEOCODER_PROVIDER: process.env.GEOCODER_PROVIDER ?? 'offline',
    GEOCODER_LANGUAGE: process.env.GEOCODER_LANGUAGE ?? 'nl',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  };
}

/**
 * An HTTP server of the local stack. Idle keep-alive connections are closed by the client, never by the server:
 * a server that closes them races clients reusing a connection just as it closes ("socket hang up" in the AWS
 * SDK, "other side closed" in fetch, which cannot retry a POST), and on a loaded machine, where a client's timers
 * run late, that race is lost every few thousand requests. Node's default closes after 5 s; any timeout at all
 * is also announced ("Keep-Alive: timeout=N") and fetch then keeps the connection to within a second of it. So
 * none: fetch closes idle connections after its own 4 s, the SDK's agent keeps them, and close() ends idle ones.
 */
export function localHttpServer(listener: http.RequestListener): http.Server {
  const server = http.createServer(listener);
  server.keepAliveTimeout = 0;
  return server;
}
