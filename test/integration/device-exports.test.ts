import type { ExportJob } from '../../shared/schemas/export';
import { call, tokenOf } from '../harness/api';
import { readCsv, readPdf, readXlsx } from '../harness/export-files';
import { waitUntil } from '../harness/wait';

/**
 * GET /api/devices/export (spec 000) and its background job POST /api/devices/export: the /devices table's
 * columns, the list's filters and order, Devices.{yyyy-MM-dd}.{ext}.
 */
type ExportAnswer = { fileName: string; mimeType: string; url: string };
type Device = { id: number; dev_eui: string; name: string | null };
type Collection = { 'hydra:member': Device[]; 'hydra:totalItems': number };

const HEADERS = [
  'ID',
  'Asset',
  'Sensor name',
  'Model',
  'DEVEUI',
  'Battery status',
  'Notes',
  'Last communication',
  'Device activation date',
];
const FILE_NAME = (ext: string) => new RegExp(`^Devices\\.\\d{4}-\\d{2}-\\d{2}\\.${ext}$`);

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Polls the job until it leaves `running` (the worker is invoked asynchronously). */
async function finished(token: string, id: string): Promise<ExportJob> {
  const answer = await waitUntil(
    `export job ${id} to finish`,
    () => call<ExportJob>('GET', `/api/exports/${id}`, { token }),
    (job) => job.status !== 200 || job.body.status !== 'running',
    { timeoutMs: 120_000 },
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('device exports', () => {
  let admin: string;
  let devices: Device[];
  let total: number;
  const exportOf = (query: string, token = admin) =>
    call<ExportAnswer & { violations?: unknown[] }>('GET', `/api/devices/export?${query}`, { token });

  beforeAll(async () => {
    admin = await tokenOf('admin');
    // pagination=false answers at most 1,000 devices: the files are compared with those and with the total.
    const list = await call<Collection>('GET', '/api/devices?pagination=false&order[devEui]=asc', { token: admin });
    devices = list.body['hydra:member'];
    total = list.body['hydra:totalItems'];
    expect(devices.length).toBeGreaterThan(0);
  });

  it('CSV: the table columns, the list in its order', async () => {
    const answer = await exportOf('type=csv&order[devEui]=asc&language=en');
    expect(answer.status).toBe(200);
    expect(answer.body.fileName).toMatch(FILE_NAME('csv'));
    expect(answer.body.mimeType).toBe('text/csv; charset=utf-8');
    const rows = readCsv(await download(answer.body.url));
    expect(rows[0]).toEqual(HEADERS);
    expect(rows).toHaveLength(total + 1);
    expect(rows.slice(1, devices.length + 1).map((row) => row[4])).toEqual(devices.map((d) => d.dev_eui));
    expect(rows[1]?.[0]).toBe(String(devices[0]?.id));
  });

  it('keeps the list filters and refuses bad parameters', async () => {
    const first = devices[0] as Device;
    const one = await exportOf(`type=csv&id=${first.id}&columns=id,dev-eui`);
    expect(readCsv(await download(one.body.url))).toEqual([
      ['ID', 'DEVEUI'],
      [String(first.id), first.dev_eui],
    ]);
    expect((await exportOf('type=doc')).status).toBe(422);
    expect((await exportOf('type=csv&columns=nope')).status).toBe(422);
    expect((await exportOf('type=csv&id=abc')).status).toBe(422);
    expect((await exportOf('type=csv&id=999999')).status).toBe(422);
  });

  it('Excel and PDF: their content types, headers in the reader’s language', async () => {
    const excel = await exportOf('type=excel&language=nl');
    expect(excel.status).toBe(200);
    expect(excel.body.fileName).toMatch(FILE_NAME('xlsx'));
    expect(excel.body.mimeType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await readXlsx(await download(excel.body.url));
    expect(sheet.some((row) => row.includes('Sensornaam'))).toBe(true);
    const pdf = await exportOf('type=pdf&language=en&columns=id,dev-eui');
    expect(pdf.body.mimeType).toBe('application/pdf');
    const text = (await readPdf(await download(pdf.body.url))).text;
    expect(text).toContain('Devices');
    expect(text).toContain(devices[0]?.dev_eui);
  });

  it('runs in the background: 202, then the file', async () => {
    const started = await call<ExportJob>('POST', '/api/devices/export?type=csv&order[devEui]=asc', { token: admin });
    expect(started.status).toBe(202);
    const job = await finished(admin, started.body.id);
    expect(job.status).toBe('done');
    const rows = readCsv(await download(job.result?.url ?? ''));
    expect(rows[0]).toEqual(HEADERS);
    expect(rows).toHaveLength(total + 1);
  });
});
