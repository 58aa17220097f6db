import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { DEV_EUI_REFUSALS } from '../../functions/lib/security/limits';
import { TABLE_NAME } from '../../scripts/local/config';
import { DEV_EUI_PROBE_LIMIT_REACHED, DEV_EUI_TAKEN, DEV_EUI_UNAVAILABLE } from '../../shared/schemas/device';
import { DEVICE_IMPORT_MESSAGES as M } from '../../shared/schemas/device-import';
import { call, tokenOf } from '../harness/api';
import { localTable, readStack } from '../harness/stack';

/**
 * The DEVEUI oracle (docs/security.md "Learning or blocking another tenant's tags by DEVEUI"): another tenant's DEVEUI
 * is answered exactly like one nobody may register, and a tenant's refused DEVEUIs are limited per day (429).
 */
interface Answer {
  detail?: string;
  violations?: { propertyPath: string; message: string }[];
  'hydra:member'?: { dev_eui: string }[];
}

const db = localTable().client;
const resetAcmeRefusals = () =>
  db.send(
    new DeleteCommand({ TableName: TABLE_NAME, Key: { pk: `LIMIT#${DEV_EUI_REFUSALS.name}#tenant-2`, sk: 'WINDOW' } }),
  );

const runPrefix = (Date.now() % 0xffffffff).toString(16).toUpperCase().padStart(8, '0');
let serial = 0;
const newDevEui = () => `${runPrefix}${(++serial + 0x7000).toString(16).toUpperCase().padStart(8, '0')}`;

async function upload(token: string, content: string) {
  const form = new FormData();
  form.append('files', new Blob([content], { type: 'text/csv' }), 'devices.csv');
  const response = await fetch(`${readStack().apiUrl}/api/tenants/2/devices/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer };
}

describe('DEVEUI oracle', () => {
  let acmeAdmin: string;
  let superadmin: string;
  let demoDevEui: string;

  beforeAll(async () => {
    [acmeAdmin, superadmin] = await Promise.all([tokenOf('acme-admin'), tokenOf('superadmin')]);
    const demoDevices = await call<Answer>('GET', '/api/devices?itemsPerPage=1', { token: await tokenOf('admin') });
    demoDevEui = demoDevices.body['hydra:member']?.[0]?.dev_eui as string;
    expect(demoDevEui).toMatch(/^[0-9A-F]{16}$/);
    await resetAcmeRefusals();
  });
  // The limit is per tenant and day: leave acme's day as other test files expect it.
  afterAll(resetAcmeRefusals);

  it('answers another tenant’s DEVEUI exactly as one nobody can register, and names the tenant’s own', async () => {
    const foreign = await upload(acmeAdmin, `deveui\n${demoDevEui}\n`);
    const reserved = await upload(acmeAdmin, 'deveui\nFFFFFFFFFFFFFFFF\n');
    expect(foreign.status).toBe(422);
    expect(foreign.body.violations).toEqual([{ propertyPath: 'row 2.deveui', message: M.cannotRegister }]);
    expect(reserved.status).toBe(foreign.status);
    expect(reserved.body).toEqual(foreign.body);
    expect(JSON.stringify(foreign.body)).not.toMatch(/demo|tenant 1|already registered/i);

    // Device create: the same single text for both, on the field.
    const create = (devEui: string) =>
      call<Answer>('POST', '/api/devices', {
        token: superadmin,
        headers: { 'x-tenant-id': '2' },
        body: { dev_eui: devEui },
      });
    const [foreignCreate, reservedCreate] = [await create(demoDevEui), await create('0000000000000000')];
    expect(foreignCreate.status).toBe(422);
    expect(foreignCreate.body.violations).toEqual([{ propertyPath: 'dev_eui', message: DEV_EUI_UNAVAILABLE }]);
    expect(reservedCreate.body).toEqual(foreignCreate.body);

    // The tenant's own DEVEUI is its own data: that answer may say so (and is not counted).
    const own = newDevEui();
    expect((await upload(acmeAdmin, `deveui\n${own}\n`)).status).toBe(200);
    const again = await upload(acmeAdmin, `deveui\n${own}\n`);
    expect(again.body.violations).toEqual([{ propertyPath: 'row 2.deveui', message: DEV_EUI_TAKEN }]);
  });

  it('answers 429 with Retry-After once a tenant has had too many DEVEUIs refused in a day, for free DEVEUIs too', async () => {
    await resetAcmeRefusals();
    let answer = await upload(acmeAdmin, `deveui\n${demoDevEui}\n`);
    let probes = 1;
    while (answer.status === 422 && probes <= DEV_EUI_REFUSALS.limit) {
      answer = await upload(acmeAdmin, `deveui\n${demoDevEui}\n`);
      probes++;
    }
    expect(probes).toBe(DEV_EUI_REFUSALS.limit + 1);
    expect(answer.status).toBe(429);
    expect(answer.body.detail).toBe(DEV_EUI_PROBE_LIMIT_REACHED);
    expect(answer.body.violations).toBeUndefined();
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(answer.headers.get('content-type')).toMatch(/application\/problem\+json/);
    // A reserved DEVEUI and device create are limited alike, so the limit cannot tell them apart either.
    expect((await upload(acmeAdmin, 'deveui\nFFFFFFFFFFFFFFFF\n')).status).toBe(429);
    const create = await call<Answer>('POST', '/api/devices', {
      token: superadmin,
      headers: { 'x-tenant-id': '2' },
      body: { dev_eui: demoDevEui },
    });
    expect(create.status).toBe(429);
    expect(create.headers.get('retry-after')).toBeTruthy();
    // A free DEVEUI is refused alike while the budget is spent: 201 for free and 429 for taken would be the
    // oracle again.
    expect((await upload(acmeAdmin, `deveui\n${newDevEui()}\n`)).status).toBe(429);
  });
});
