import { readAssetImportFile } from '../../functions/lib/asset-import/asset-import-file';
import { resolveOne, resolveProfiles } from '../../functions/lib/asset-import/asset-import-references';
import { HttpError } from '../../functions/lib/http/errors';
import { ASSET_IMPORT_MESSAGES as M } from '../../shared/schemas/asset-import-messages';

/** Reading the asset import's CSV and resolving its references (functions/lib/asset-import/). */
const csv = (text: string, filename = 'assets.csv') => ({
  filename,
  contentType: 'text/csv',
  content: Buffer.from(text),
});

const statusOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof HttpError ? error.status : 'other';
  }
  return 'none';
};

describe('asset import file', () => {
  it('reads rows by column with their file lines; the export formula guard comes off again', () => {
    const rows = readAssetImportFile(csv('\uFEFFId;Name;Description\n7;Reel;\'=SUM(1)\n\n;New;"two\nlines"\n'));
    expect(rows).toEqual([
      { line: 2, cells: { id: '7', name: 'Reel', description: '=SUM(1)' } },
      { line: 4, cells: { id: '', name: 'New', description: 'two\nlines' } },
    ]);
  });

  it('refuses what is no asset file', () => {
    expect(statusOf(() => readAssetImportFile(csv('name\nx\n', 'assets.xlsx')))).toBe(415);
    expect(statusOf(() => readAssetImportFile(csv('colour\nred\n')))).toBe(422);
    expect(statusOf(() => readAssetImportFile(csv('name,name\nx,y\n')))).toBe(422);
    expect(statusOf(() => readAssetImportFile(csv('name\n')))).toBe(422);
    expect(statusOf(() => readAssetImportFile(csv(`name\n${'x'.repeat(2001)}\n`)))).toBe(422);
  });
});

describe('asset import references', () => {
  const clients = [
    { id: 1, name: 'Acme' },
    { id: 2, name: 'Beta' },
    { id: 3, name: 'beta' },
  ];
  const messages = { unknown: M.unknownClient, ambiguous: M.ambiguousClient };

  it('takes the id, or the name alone; refuses an id and a name that disagree', () => {
    expect(resolveOne(clients, undefined, undefined, messages)).toBeUndefined();
    expect(resolveOne(clients, '1', 'acme', messages)).toEqual({ value: 1 });
    expect(resolveOne(clients, '', 'ACME', messages)).toEqual({ value: 1 });
    expect(resolveOne(clients, '', '', messages)).toEqual({ value: null });
    expect(resolveOne(clients, '1', 'Beta', messages)).toEqual({ problem: M.idNameDisagree });
    expect(resolveOne(clients, '', 'beta', messages)).toEqual({ problem: M.ambiguousClient });
    expect(resolveOne(clients, '9', undefined, messages)).toEqual({ problem: M.unknownClient });
    expect(resolveOne(clients, 'x', undefined, messages)).toEqual({ problem: M.invalidId });
  });

  it('reads profile lists split by ";", ids and names naming the same set', () => {
    const profiles = [
      { id: 4, name: 'Reel' },
      { id: 5, name: 'Cable' },
    ];
    expect(resolveProfiles(profiles, '4;5', 'Cable; Reel')).toEqual({ value: [4, 5] });
    expect(resolveProfiles(profiles, undefined, 'reel')).toEqual({ value: [4] });
    expect(resolveProfiles(profiles, '', '')).toEqual({ value: [] });
    expect(resolveProfiles(profiles, '4', 'Cable')).toEqual({ problem: M.idNameDisagree });
    expect(resolveProfiles(profiles, '6', undefined)).toEqual({ problem: M.unknownProfile });
  });
});
