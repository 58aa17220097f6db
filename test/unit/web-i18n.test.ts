import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every interface string exists in every language (web/src/i18n/*.json), with the same placeholders. */
const dir = join(__dirname, '../../web/src/i18n');
const load = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));

/** Leaf key paths; the `messages` namespace is keyed by English sentences that contain dots, hence ' > '. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') return out.set(prefix, value);
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    for (const [path, text] of leaves(child, prefix ? `${prefix} > ${key}` : key)) out.set(path, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const english = leaves(load('en.json'));
const others = readdirSync(dir).filter((file) => file.endsWith('.json') && file !== 'en.json');

/** Screen areas keep their strings in features/<area>/<lang>.json; each needs all four languages too. */
const featuresDir = join(dir, 'features');
const featureAreas = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe.each(featureAreas)('feature area %s', (area) => {
  const areaEnglish = leaves(load(join('features', area, 'en.json')));
  test.each(['nl.json', 'de.json', 'fr.json'])('%s has exactly the keys and placeholders of en.json', (file) => {
    const translated = leaves(load(join('features', area, file)));
    expect([...areaEnglish.keys()].filter((key) => !translated.has(key))).toEqual([]);
    expect([...translated.keys()].filter((key) => !areaEnglish.has(key))).toEqual([]);
    for (const [key, text] of areaEnglish) {
      const other = translated.get(key) ?? '';
      expect({ key, placeholders: placeholders(other) }).toEqual({ key, placeholders: placeholders(text) });
      expect({ key, empty: other.trim() === '' }).toEqual({ key, empty: false });
    }
  });
});

test('the four languages of spec 001 have a file', () => {
  expect(others.sort()).toEqual(['de.json', 'fr.json', 'nl.json']);
});

describe.each(others)('%s', (file) => {
  const translated = leaves(load(file));

  test('has every key of en.json', () => {
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
  });

  test('has no key that en.json lacks', () => {
    expect([...translated.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  test('keeps the placeholders and leaves no text empty', () => {
    for (const [key, text] of english) {
      const other = translated.get(key) ?? '';
      expect({ key, placeholders: placeholders(other) }).toEqual({ key, placeholders: placeholders(text) });
      expect({ key, empty: other.trim() === '' }).toEqual({ key, empty: false });
    }
  });
});
