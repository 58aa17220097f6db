import { randomBytes, randomUUID } from 'node:crypto';
import { BULK_EDIT_MAX_ROWS, BULK_EDIT_MESSAGES, type BulkEditJob } from '../../shared/schemas/bulk-edit';
import { call, tokenOf } from '../harness/api';
import { waitUntil } from '../harness/wait';

/**
 * Bulk edit of assets and devices (docs/decisions/0331-bulk-edit-runs-as-a-job-one-conditional-write-per-row.md):
 * a job applies each row as its single edit; a refused row stays as it was while the others are applied; the
 * same idempotency key answers the same job and applies nothing again; another tenant's ids are refused rows.
 */
type Asset = { id: number; version: number; name: string; scheduled: string | null; status: { status: string } | null };
type Device = { id: number; version: number; device_profiles: number[] };
type Violations = { violations: { propertyPath: string; message: string }[] };
type AuditPage = { 'hydra:member': { requestId: string; action: string; entity: { id: string } | null }[] };

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const newKey = () => randomUUID();

describe('bulk edit', () => {
  let admin: string;
  let acmeAdmin: string;
  const run = `bulk-${randomBytes(4).toString('hex')}`;

  const post = (target: 'assets' | 'devices', body: unknown, token = admin) =>
    call<BulkEditJob & Violations>('POST', `/api/${target}/bulk-edit`, { token, body });
  const follow = (target: 'assets' | 'devices', id: string, token = admin) =>
    call<BulkEditJob>('GET', `/api/${target}/bulk-edit/${id}`, { token });
  const finished = (target: 'assets' | 'devices', id: string) =>
    waitUntil(
      `bulk edit ${id} to finish`,
      () => follow(target, id),
      (answer) => answer.status === 200 && answer.body.status !== 'running',
    ).then((answer) => answer.body);
  const createAsset = async (token: string, name: string) => {
    const created = await call<Asset>('POST', '/api/assets', { token, body: { name } });
    expect(created.status).toBe(201);
    return created.body;
  };
  const readAsset = async (token: string, id: number) =>
    (await call<Asset>('GET', `/api/assets/${id}`, { token })).body;
  const auditOfJob = async (jobId: string, assetId: number) => {
    const query = `entityType=assets&entityId=${assetId}&action=assets.bulkEdit&pagination=false`;
    const page = await call<AuditPage>('GET', `/api/audit?${query}`, { token: admin });
    return page.body['hydra:member'].filter((entry) => entry.requestId.startsWith(`${jobId}#`));
  };

  beforeAll(async () => {
    admin = await tokenOf('admin');
    acmeAdmin = await tokenOf('acme-admin');
  });

  it('applies the others and leaves a refused row untouched; the same key again applies nothing', async () => {
    const mine = [
      await createAsset(admin, `${run} a`),
      await createAsset(admin, `${run} b`),
      await createAsset(admin, `${run} c`),
    ];
    const gone = await createAsset(admin, `${run} gone`);
    expect((await call('DELETE', `/api/assets/${gone.id}`, { token: admin })).status).toBe(204);
    const scheduled = dayOffset(20);
    const body = {
      idempotency_key: newKey(),
      selection: { ids: [mine[0]?.id, gone.id, mine[1]?.id, mine[2]?.id] },
      changes: { scheduled, status: 'registered' },
    };
    const started = await post('assets', body);
    expect(started.status).toBe(202);
    expect(started.body.total).toBe(4);
    const job = await finished('assets', started.body.id);
    expect(job).toMatchObject({ status: 'done', total: 4, done: 3, refused: 1 });
    expect(job.rows).toEqual([
      { id: mine[0]?.id, outcome: 'done' },
      { id: gone.id, outcome: 'refused', reason: BULK_EDIT_MESSAGES.notFound },
      { id: mine[1]?.id, outcome: 'done' },
      { id: mine[2]?.id, outcome: 'done' },
    ]);
    const after = await Promise.all(mine.map((asset) => readAsset(admin, asset.id)));
    for (const [i, asset] of after.entries()) {
      expect(asset.scheduled?.slice(0, 10)).toBe(scheduled);
      expect(asset.status?.status).toBe('registered');
      expect(asset.version).toBe((mine[i]?.version ?? 0) + 1);
    }
    // One audit entry per applied row, tagged with the job.
    for (const asset of mine) expect(await auditOfJob(job.id, asset.id)).toHaveLength(1);

    const again = await post('assets', body);
    expect([again.status, again.body.id, again.body.status, again.body.done]).toEqual([202, job.id, 'done', 3]);
    const afterRerun = await Promise.all(mine.map((asset) => readAsset(admin, asset.id)));
    expect(afterRerun.map((asset) => asset.version)).toEqual(after.map((asset) => asset.version));
    for (const asset of mine) expect(await auditOfJob(job.id, asset.id)).toHaveLength(1);

    // The key names that edit: another edit under it is refused, not answered with the first job.
    const reused = await post('assets', { ...body, changes: { scheduled: dayOffset(21) } });
    expect(reused.status).toBe(422);
    expect(reused.body.violations).toEqual([
      { propertyPath: 'idempotency_key', message: BULK_EDIT_MESSAGES.keyReused },
    ]);
  });

  it("refuses another tenant's ids as rows and leaves them untouched", async () => {
    // Ids are numbered per tenant: this one is demo's and not acme's, so acme's job must not find it.
    const demoAsset = await createAsset(admin, `${run} not acme's`);
    expect((await call('GET', `/api/assets/${demoAsset.id}`, { token: acmeAdmin })).status).toBe(404);
    const started = await post(
      'assets',
      { idempotency_key: newKey(), selection: { ids: [demoAsset.id] }, changes: { scheduled: dayOffset(9) } },
      acmeAdmin,
    );
    expect(started.status).toBe(202);
    const job = await waitUntil(
      'the acme job to finish',
      () => follow('assets', started.body.id, acmeAdmin),
      (answer) => answer.status === 200 && answer.body.status !== 'running',
    );
    expect(job.body.rows).toEqual([{ id: demoAsset.id, outcome: 'refused', reason: BULK_EDIT_MESSAGES.notFound }]);
    expect(await readAsset(admin, demoAsset.id)).toMatchObject({ version: demoAsset.version, scheduled: null });
  });

  it('selects by the list filter and refuses a row whose single edit would be refused', async () => {
    const assets = [await createAsset(admin, `${run} filter one`), await createAsset(admin, `${run} filter two`)];
    const started = await post('assets', {
      idempotency_key: newKey(),
      selection: { filter: { search: `${run} filter` } },
      changes: { geo_zone: 999_999_999 },
    });
    expect(started.status).toBe(202);
    const job = await finished('assets', started.body.id);
    expect(job.rows.map((row) => row.id).sort((x, y) => x - y)).toEqual(assets.map((a) => a.id).sort((x, y) => x - y));
    expect(job.rows.map((row) => row.reason)).toEqual([
      'geo_zone: This geo zone does not exist',
      'geo_zone: This geo zone does not exist',
    ]);
    for (const asset of assets) expect((await readAsset(admin, asset.id)).version).toBe(asset.version);
  });

  it('validates the fields as the single edit does and bounds the selection', async () => {
    const base = { idempotency_key: newKey(), selection: { ids: [1] } };
    const past = await post('assets', { ...base, changes: { scheduled: dayOffset(-30) } });
    expect(past.status).toBe(422);
    expect(past.body.violations.map((v) => v.propertyPath)).toEqual(['changes.scheduled']);
    const none = await post('assets', { ...base, changes: {} });
    expect(none.body.violations).toEqual([{ propertyPath: 'changes', message: BULK_EDIT_MESSAGES.noChanges }]);
    const tooMany = Array.from({ length: BULK_EDIT_MAX_ROWS + 1 }, (_, i) => i + 1);
    const over = await post('assets', { ...base, selection: { ids: tooMany }, changes: { scheduled: dayOffset(3) } });
    expect(over.status).toBe(422);
    expect(over.body.violations).toEqual([{ propertyPath: 'selection.ids', message: BULK_EDIT_MESSAGES.tooMany }]);
    // A filter the list would refuse is refused here the same way, never a 500 (the fuzz sweep found one).
    for (const target of ['assets', 'devices'] as const) {
      const changes = target === 'assets' ? { scheduled: dayOffset(3) } : { device_profiles: [] };
      const badFilter = await post(target, { idempotency_key: newKey(), selection: { filter: { id: -1 } }, changes });
      expect({ target, status: badFilter.status }).toEqual({ target, status: 422 });
    }
    const badKey = await post('assets', { ...base, idempotency_key: 'x', changes: { scheduled: dayOffset(3) } });
    expect(badKey.body.violations).toEqual([
      { propertyPath: 'idempotency_key', message: BULK_EDIT_MESSAGES.keyInvalid },
    ]);
  });

  it('is refused to client users and shows a job only to its starter', async () => {
    const body = { idempotency_key: newKey(), selection: { ids: [1] }, changes: { scheduled: dayOffset(3) } };
    expect((await post('assets', body, await tokenOf('client'))).status).toBe(403);
    expect((await post('devices', { ...body, changes: { device_profiles: [] } }, await tokenOf('client'))).status).toBe(
      403,
    );
    const asset = await createAsset(admin, `${run} owner`);
    const started = await post('assets', { ...body, selection: { ids: [asset.id] } });
    expect(started.status).toBe(202);
    expect((await follow('assets', started.body.id, acmeAdmin)).status).toBe(404);
    expect((await follow('assets', started.body.id, await tokenOf('manager'))).status).toBe(404);
    expect((await follow('devices', started.body.id)).status).toBe(404);
    expect((await finished('assets', started.body.id)).done).toBe(1);
  });

  it('sets device profiles on the selected devices', async () => {
    const profiles = await call<{ 'hydra:member': { id: number }[] }>('GET', '/api/device-profiles?pagination=false', {
      token: admin,
    });
    const profile = profiles.body['hydra:member'][0];
    expect(profile).toBeDefined();
    // Two of demo's devices, their profiles put back at the end through the same route.
    const list = await call<{ 'hydra:member': Device[] }>('GET', '/api/devices?itemsPerPage=2', { token: admin });
    const devices = list.body['hydra:member'];
    expect(devices).toHaveLength(2);
    const started = await post('devices', {
      idempotency_key: newKey(),
      selection: { ids: devices.map((d) => d.id) },
      changes: { device_profiles: [profile?.id] },
    });
    expect(started.status).toBe(202);
    expect(await finished('devices', started.body.id)).toMatchObject({ status: 'done', done: 2, refused: 0 });
    for (const device of devices) {
      const read = await call<Device>('GET', `/api/devices/${device.id}`, { token: admin });
      expect(read.body).toMatchObject({ device_profiles: [profile?.id], version: device.version + 1 });
    }
    for (const device of devices) {
      const restore = await post('devices', {
        idempotency_key: newKey(),
        selection: { ids: [device.id] },
        changes: { device_profiles: device.device_profiles },
      });
      expect((await finished('devices', restore.body.id)).done).toBe(1);
    }
  });
});
