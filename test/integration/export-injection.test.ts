import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { call, tokenOf } from '../harness/api';
import { readCsv, readPdf, readXlsx, xlsxSheetXml } from '../harness/export-files';
import { localTable } from '../harness/stack';

/**
 * A ROLE_USER names assets like spreadsheet formulas; an admin exports the list and opens
 * it in Excel. Every such text cell is inert (CSV: a leading quote; Excel: string cells; PDF: literal text),
 * numbers stay numbers, and names stored before control characters were refused are exported safely.
 */
type Asset = { id: number; name: string; version: number };
type ExportAnswer = { url: string };

const RUN = Date.now().toString(36);
const MARK = `inj-${RUN}`;
const VIA_API = ['=HYPERLINK("http://x","y")', '+1+1', '@SUM(A1)', '-2+3'];
/** Written to the table directly: the API refuses tabs and control characters in names now. */
const STORED = [
  { name: '\tX', days: -3 },
  { name: '\u202E=1+1\u0007', days: -12 },
];

async function exported(type: 'csv' | 'excel' | 'pdf'): Promise<Buffer> {
  const query = `type=${type}&columns=id,asset,reference,days-outside-geo-zone&search=${MARK}&order[reference]=asc`;
  const answer = await call<ExportAnswer>('GET', `/api/assets/export/?${query}&language=en`, {
    token: await tokenOf('admin'),
  });
  expect(answer.status).toBe(200);
  return Buffer.from(await (await fetch(answer.body.url)).arrayBuffer());
}

describe('formula injection through exported names', () => {
  beforeAll(async () => {
    const user = await tokenOf('user');
    const names = [...VIA_API, ...STORED.map((_, i) => `Stored ${i}`)];
    for (const [i, name] of names.entries()) {
      const reference = `${MARK}-${i}`;
      // Created as a plain name, then renamed to the attack: both ways a ROLE_USER has.
      const created = await call<Asset>('POST', '/api/assets', {
        token: user,
        body: { name: `Plain ${i}`, reference },
      });
      expect(created.status).toBe(201);
      const renamed = await call<Asset>('PUT', `/api/assets/${created.body.id}`, {
        token: user,
        body: { name, reference, version: created.body.version },
      });
      expect(renamed.status).toBe(200);
      const stored = STORED[i - VIA_API.length];
      if (stored) {
        const key = { pk: 'T#1#ASSET', sk: `ASSET#${String(created.body.id).padStart(10, '0')}` };
        await localTable().client.send(
          new UpdateCommand({
            TableName: 'tracking',
            Key: key,
            UpdateExpression: 'SET #name = :name, days_outside_geo_zone = :days',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: { ':name': stored.name, ':days': stored.days },
          }),
        );
      }
    }
  });

  it('CSV: every formula-like name starts with a quote; negative numbers stay plain numbers', async () => {
    const [header, ...rows] = readCsv(await exported('csv'));
    expect(header).toEqual(['ID', 'Asset', 'Reference', 'Days outside geo zone']);
    expect(rows.map((row) => row[1])).toEqual([...VIA_API.map((name) => `'${name}`), "'\tX", '\uFFFD=1+1\uFFFD']);
    expect(rows.map((row) => row[2])).toEqual(rows.map((_, i) => `${MARK}-${i}`));
    expect(rows.slice(-2).map((row) => row[3])).toEqual(['-3', '-12']);
  });

  it('Excel: no formula cell at all, the names as typed, numbers as numbers', async () => {
    const file = await exported('excel');
    expect(await xlsxSheetXml(file)).not.toMatch(/<f[\s>]/);
    const [, ...rows] = await readXlsx(file);
    expect(rows.map((row) => row[1])).toEqual([...VIA_API, '\tX', '\uFFFD=1+1\uFFFD']);
    expect(rows.slice(-2).map((row) => row[3])).toEqual([-3, -12]);
  });

  it('PDF: the names appear literally', async () => {
    const { text } = await readPdf(await exported('pdf'));
    for (const name of VIA_API) expect(text).toContain(name);
    expect(text).not.toContain('\u202E');
  });
});
