import { collectDataStrings, englishIn, englishVocabulary, withoutData } from '../harness/english-words';

/** The language browser test's judgement (test/browser/languages.test.ts), on texts the old console showed. */
describe('English words outside data', () => {
  const dutch = englishVocabulary('nl');
  const words = (text: string, answers: unknown[] = []) => {
    const data = new Set<string>();
    for (const answer of answers) collectDataStrings(answer, data);
    return englishIn(withoutData(text, data), dutch).map((found) => found.word);
  };

  test('untranslated breadcrumbs and map buttons are found; shared words are not', () => {
    expect(words('Dashboard / Devices')).toEqual(['devices']);
    expect(words('Zoom in\nZoom out')).toEqual(['zoom', 'out']);
    expect(words('Dashboard / Apparaten / Status')).toEqual([]);
  });

  test('names, usernames and addresses from the API are data, a stored English country is not', () => {
    const asset = { name: 'Test reel', street: 'Main Street 1', city: 'Delft', country: 'Netherlands' };
    const user = { username: 'user', roles: ['ROLE_USER'] };
    expect(words('Test reel · Main Street 1 Delft (Netherlands)', [asset])).toEqual(['netherlands']);
    expect(words('Gebruikers: user', [user])).toEqual([]);
  });

  test('an id in the breadcrumbs, its dashes shown as spaces, is data', () => {
    const entry = { id: '2026-11-29T09:34:50.278Z#dd9486df-176f-469e-9fce-2e103d429396' };
    const crumb = '2026 11 29T09:34:50.278Z#dd9486df 176f 469e 9fce 2e103d429396';
    const german = englishVocabulary('de');
    const data = new Set<string>();
    expect(englishIn(withoutData(crumb, data), german).map((found) => found.word)).toEqual(['dd']);
    collectDataStrings(entry, data);
    expect(englishIn(withoutData(crumb, data), german)).toEqual([]);
  });

  test('a data string that arrives after a first reading is cut out of the next, whole words only', () => {
    const data = new Set<string>(['Depot Noord']);
    expect(withoutData('Reel 7 at Depot Noord', data)).toBe('Reel 7 at  ⁞ ');
    data.add('Reel 7');
    data.add('Test');
    expect(withoutData('Reel 7 at Depot Noord; Tests', data)).toBe(' ⁞  at  ⁞ ; Tests');
    data.add('-42 Dock');
    expect(withoutData('Bay -42 Dock', data)).toBe('Bay  ⁞ ');
  });

  test('codes in capitals and template placeholders are the same in every language', () => {
    expect(words('Assets bekijken ASSET_READ')).toEqual([]);
    expect(words('Variabelen: {customer} {time} {address}')).toEqual([]);
  });

  test('a status shown as stored is not data', () => {
    expect(words('Status: active', [{ status: 'active' }])).toContain('active');
  });
});
