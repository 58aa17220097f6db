import {
  capViolations,
  decodeCsvText,
  detectDelimiter,
  parseDeviceCsv,
} from '../../functions/lib/devices/device-import-csv';
import { HttpError } from '../../functions/lib/http/errors';
import { readUploadedFile } from '../../functions/lib/http/upload-body';
import { DEV_EUI_INVALID, DEV_EUI_REQUIRED } from '../../shared/schemas/device';
import {
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_IMPORT_TEMPLATE,
  importColumnOf,
  DEVICE_IMPORT_MESSAGES as M,
} from '../../shared/schemas/device-import';

const csv = (text: string) => Buffer.from(text, 'utf8');

/** The problems of a file: the 422 of an unreadable file, else the rejected rows (none: a failure). */
function violationsOf(text: string | Buffer) {
  let parsed: ReturnType<typeof parseDeviceCsv>;
  try {
    parsed = parseDeviceCsv(typeof text === 'string' ? csv(text) : text);
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) return error.violations ?? [];
    throw error;
  }
  if (parsed.violations.length === 0) throw new Error('the file was accepted');
  return capViolations(parsed.violations);
}
const rowsOf = (text: string | Buffer) => {
  const { rows, violations } = parseDeviceCsv(typeof text === 'string' ? csv(text) : text);
  expect(violations).toEqual([]);
  return rows;
};

const hex = (n: number) => n.toString(16).toUpperCase().padStart(16, '0');

describe('device import CSV rows', () => {
  it('reads the template, normalising DEVEUIs and blank fields', () => {
    const rows = rowsOf(DEVICE_IMPORT_TEMPLATE);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      line: 2,
      device: {
        deveui: '70B3D5499A000001',
        name: 'Tag 1',
        model: 'KPN LocationTag V',
        notes: 'Depot Utrecht',
        barcode: 'KPN0000000001',
        activation_date: '2026-01-15',
        device_profile: '1',
      },
    });
    const [only] = rowsOf('DEVEUI,Sensor name,Notes\n70-b3-d5-49-9a-00-00-02,,\n');
    expect(only?.device).toEqual({ deveui: '70B3D5499A000002', name: null, notes: null });
  });

  it('accepts semicolons, a BOM, CRLF, quoted values with commas and Windows-1252 text', () => {
    const text = '\uFEFFdeveui;name;notes\r\n0000000000000001;"Tag; één";"a, b"\r\n\r\n;;\r\n';
    expect(rowsOf(text).map((r) => r.device)).toEqual([
      { deveui: '0000000000000001', name: 'Tag; één', notes: 'a, b' },
    ]);
    const latin1 = Buffer.from('deveui,name\n0000000000000002,Caf\xe9\n', 'latin1');
    expect(rowsOf(latin1)[0]?.device.name).toBe('Café');
    expect(detectDelimiter('a\tb\tc\n1,2')).toBe('\t');
    expect(detectDelimiter('deveui\n1')).toBe(',');
  });

  it('maps header spellings to columns', () => {
    expect(importColumnOf('Dev EUI')).toBe('deveui');
    expect(importColumnOf('dev_eui')).toBe('deveui');
    expect(importColumnOf('Device activation date')).toBe('activation_date');
    expect(importColumnOf('activationDate')).toBe('activation_date');
    expect(importColumnOf('colour')).toBeUndefined();
  });

  it('names the row and column of each bad value', () => {
    const violations = violationsOf(
      'deveui,name,activation_date\n0000000000000001,ok,2026-01-01\nXYZ,bad,\n,empty,\n0000000000000004,x,2026-02-30\n',
    );
    expect(violations).toEqual([
      { propertyPath: 'row 3.deveui', message: DEV_EUI_INVALID },
      { propertyPath: 'row 4.deveui', message: DEV_EUI_REQUIRED },
      { propertyPath: 'row 5.activation_date', message: 'Invalid date format' },
    ]);
  });

  it('counts lines of quoted values that span lines', () => {
    expect(violationsOf('deveui,notes\n0000000000000001,"two\nlines"\nbad,x\n')).toEqual([
      { propertyPath: 'row 4.deveui', message: DEV_EUI_INVALID },
    ]);
  });

  it('refuses a DEVEUI repeated in the file, in any spelling, on its second row', () => {
    expect(violationsOf('deveui\n0000000000000001\n00:00:00:00:00:00:00:01\n')).toEqual([
      { propertyPath: 'row 3.deveui', message: M.duplicateInFile },
    ]);
  });

  it('refuses a missing, unknown or repeated header', () => {
    expect(violationsOf('name,model\nTag,X\n')).toEqual([{ propertyPath: 'row 1', message: M.noHeader }]);
    expect(violationsOf('')).toEqual([{ propertyPath: 'row 1', message: M.noHeader }]);
    expect(violationsOf('deveui,colour,deveui\n0000000000000001,red,\n')).toEqual([
      { propertyPath: 'row 1.colour', message: M.unknownColumn },
      { propertyPath: 'row 1.deveui', message: M.duplicateColumn },
    ]);
  });

  it('refuses malformed CSV, extra values, binary files and files without rows', () => {
    expect(violationsOf('deveui,name\n0000000000000001,"open\n')).toEqual([
      { propertyPath: expect.stringMatching(/^row \d+$/), message: M.malformed },
    ]);
    expect(violationsOf('deveui\n0000000000000001,extra\n')).toEqual([
      { propertyPath: 'row 2', message: M.columnCount },
    ]);
    expect(violationsOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual([
      { propertyPath: 'file', message: M.notText },
    ]);
    expect(violationsOf('deveui\n\n')).toEqual([{ propertyPath: 'file', message: M.noRows }]);
    expect(() => decodeCsvText(Buffer.from('a\0b'))).toThrow(HttpError);
  });

  it('allows 5000 rows and refuses one more; lists at most 50 problems', () => {
    const rows = (n: number) => `deveui\n${Array.from({ length: n }, (_, i) => hex(i + 1)).join('\n')}\n`;
    expect(rowsOf(rows(DEVICE_IMPORT_MAX_ROWS))).toHaveLength(DEVICE_IMPORT_MAX_ROWS);
    expect(violationsOf(rows(DEVICE_IMPORT_MAX_ROWS + 1))).toEqual([{ propertyPath: 'file', message: M.tooManyRows }]);
    const bad = violationsOf(`deveui\n${'nope\n'.repeat(80)}`);
    expect(bad).toHaveLength(51);
    expect(bad[50]).toEqual({ propertyPath: 'file', message: M.moreProblems });
  });
});

describe('upload body', () => {
  const multipart = (parts: string[], boundary = 'XyZ') => ({
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    isBase64Encoded: true,
    body: Buffer.from(
      `preamble\r\n${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`,
    ).toString('base64'),
  });

  it('finds the file part of a form and keeps its bytes', () => {
    const file = readUploadedFile(
      multipart([
        'Content-Disposition: form-data; name="note"\r\n\r\nhello',
        'Content-Disposition: form-data; name="files"; filename="d.csv"\r\nContent-Type: text/csv\r\n\r\ndeveui\r\n1\r\n',
      ]),
      1000,
      'too large',
    );
    expect(file).toEqual({ filename: 'd.csv', contentType: 'text/csv', content: Buffer.from('deveui\r\n1\r\n') });
  });

  it('takes a raw body as the file and refuses what cannot be read', () => {
    const raw = readUploadedFile({ headers: { 'content-type': 'text/csv' }, body: 'deveui\n' }, 1000, 'x');
    expect(raw).toEqual({ contentType: 'text/csv', content: Buffer.from('deveui\n') });
    const statusOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as HttpError).status;
      }
      return 200;
    };
    expect(statusOf(() => readUploadedFile({ headers: {}, body: '' }, 1000, 'x'))).toBe(422);
    expect(statusOf(() => readUploadedFile({ headers: { 'content-type': 'text/csv' }, body: 'abcdef' }, 3, 'x'))).toBe(
      413,
    );
    const noBoundary = { headers: { 'content-type': 'multipart/form-data' }, body: 'x' };
    expect(statusOf(() => readUploadedFile(noBoundary, 1000, 'x'))).toBe(400);
    const truncated = { ...multipart([]), body: Buffer.from('--XyZ\r\nContent-Disposition: x').toString('base64') };
    expect(statusOf(() => readUploadedFile(truncated, 1000, 'x'))).toBe(400);
    const noFile = multipart(['Content-Disposition: form-data; name="note"\r\n\r\nhello']);
    expect(statusOf(() => readUploadedFile(noFile, 1000, 'x'))).toBe(422);
  });
});
