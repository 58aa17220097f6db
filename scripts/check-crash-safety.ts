import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { counterKey, typePartition } from '../functions/lib/data/keys';
import { systemTenantContext } from '../functions/lib/data/system-context';
import { devEuiClaimKey } from '../functions/lib/devices/dev-eui-claims';
import { REGION, TABLE_NAME } from './local/config';
import { type LaunchedStack, launchLocalStack } from './local/launch-stack';
import { DEMO_PASSWORD } from './seed/seed';

/**
 * `npm run check:crash`: kills the local stack with SIGKILL in the middle of a device CSV
 * import and of tenant creations, starts it again on the same data and checks that each is wholly there or
 * wholly absent: no device of a cut import left, no orphan DEVEUI claim, the device counter equal to the
 * device items, a tenant either listed with its role matrix or absent with its subdomain free. The same
 * states are built deterministically in test/integration/device-import-crash.test.ts; this is the real kill.
 * Prints one line per case and exits non-zero on a violation.
 */
const DEVICES_IN_FILE = 3000;
const TENANT_KILL_DELAYS_MS = [5, 40, 150, 3000];
const demo = systemTenantContext(1);
let failures = 0;
const report = (ok: boolean, line: string) => {
  if (!ok) failures++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
};

/** The stack comes back on other free ports, so each start gets its own table client. */
let db: DynamoDBDocumentClient;

async function start(dataDir: string): Promise<LaunchedStack> {
  const stack = await launchLocalStack({ dataDir, web: false, timeoutMs: 300_000 });
  const endpoint = `http://127.0.0.1:${stack.ports.DYNAMODB_PORT}`;
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: REGION, endpoint, credentials }));
  return stack;
}

async function claimedCount(devEuis: string[]): Promise<number> {
  let claimed = 0;
  for (let i = 0; i < devEuis.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = devEuis.slice(i, i + 100).map(devEuiClaimKey);
    while (keys && keys.length > 0) {
      const result: BatchGetCommandOutput = await db.send(
        new BatchGetCommand({ RequestItems: { [TABLE_NAME]: { Keys: keys, ConsistentRead: true } } }),
      );
      claimed += result.Responses?.[TABLE_NAME]?.length ?? 0;
      keys = result.UnprocessedKeys?.[TABLE_NAME]?.Keys;
    }
  }
  return claimed;
}

const kill = (stack: LaunchedStack) => process.kill(-stack.pid, 'SIGKILL');

async function signIn(apiUrl: string, username: string) {
  const response = await fetch(`${apiUrl}/user/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: username, password: DEMO_PASSWORD }),
  });
  return String(((await response.json()) as { token: string }).token);
}

const deviceCounter = async () =>
  Number(
    (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: counterKey(demo, 'DEVICE'), ConsistentRead: true })))
      .Item?.itemCount,
  );

async function deviceItems(): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': typePartition(demo, 'DEVICE') },
        Select: 'COUNT',
        ExclusiveStartKey,
      }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** Starts an import of a fresh file, kills the stack once part of it is written, restarts, checks. */
async function importCase(dataDir: string): Promise<void> {
  let stack = await start(dataDir);
  const prefix = (Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0');
  const devEuis = Array.from(
    { length: DEVICES_IN_FILE },
    (_, i) => `${prefix}${(i + 1).toString(16).padStart(8, '0').toUpperCase()}`,
  );
  const before = await deviceCounter();
  const form = new FormData();
  form.append('files', new Blob([`deveui\n${devEuis.join('\n')}\n`], { type: 'text/csv' }), 'devices.csv');
  const upload = fetch(`${stack.info.apiUrl}/api/tenants/1/devices/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await signIn(stack.info.apiUrl, 'admin')}` },
    body: form,
  }).catch(() => undefined);
  let written = 0;
  while (written === 0) {
    written = (await deviceCounter()) - before;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  kill(stack);
  await upload;
  console.log(`     import killed with ${written} of ${DEVICES_IN_FILE} devices written`);
  stack = await start(dataDir);
  const claimed = await claimedCount(devEuis);
  const [counter, items] = [await deviceCounter(), await deviceItems()];
  report(
    claimed === 0 || claimed === DEVICES_IN_FILE,
    `import after restart: ${claimed} of the file's DEVEUIs claimed`,
  );
  report(counter === items, `device counter ${counter}, device items ${items}`);
  kill(stack);
}

/** Creates a tenant, kills the stack `delayMs` later, restarts, checks it is whole or absent. */
async function tenantCase(dataDir: string, delayMs: number): Promise<void> {
  let stack = await start(dataDir);
  const subdomain = `crash-${Date.now().toString(36)}`;
  const token = await signIn(stack.info.apiUrl, 'superadmin');
  const created = fetch(`${stack.info.apiUrl}/api/tenants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ subdomain, company: `Crash ${delayMs}` }),
  }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  kill(stack);
  await created;
  stack = await start(dataDir);
  const api = stack.info.apiUrl;
  const auth = { authorization: `Bearer ${await signIn(api, 'superadmin')}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${api}/api/tenants?pagination=false`, { headers: auth })).json()) as {
    'hydra:member': { id: number; subdomain: string }[];
  };
  const tenant = list['hydra:member'].find((t) => t.subdomain === subdomain);
  if (tenant) {
    const roles = await fetch(`${api}/api/role-matrix`, { headers: { ...auth, 'x-tenant-id': String(tenant.id) } });
    report(roles.status === 200, `tenant killed after ${delayMs} ms: present, role matrix answers ${roles.status}`);
  } else {
    const again = await fetch(`${api}/api/tenants`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ subdomain }),
    });
    report(
      again.status === 201,
      `tenant killed after ${delayMs} ms: absent, its subdomain free again (${again.status})`,
    );
  }
  kill(stack);
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracking-crash-'));
  try {
    await importCase(dataDir);
    for (const delay of TENANT_KILL_DELAYS_MS) await tenantCase(dataDir, delay);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failures === 0 ? 'all cases whole or absent' : `${failures} violation(s)`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
