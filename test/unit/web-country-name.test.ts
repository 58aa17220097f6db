import { countryName } from '../../web/src/i18n/countryName';

/** Addresses no longer end in "(Netherlands)" for a user who reads Dutch, German or French. */
describe('countryName', () => {
  test.each([
    ['nl', 'Nederland'],
    ['de', 'Niederlande'],
    ['fr', 'Pays-Bas'],
    ['en', 'Netherlands'],
  ])('the stored English name in %s', (language, expected) => {
    expect(countryName('Netherlands', language)).toBe(expected);
    expect(countryName('netherlands', language)).toBe(expected);
  });

  test('an ISO code is named as well', () => {
    expect(countryName('BE', 'nl')).toBe('België');
    expect(countryName('de', 'fr')).toBe('Allemagne');
  });

  test('text that names no country is shown as it is; nothing stays nothing', () => {
    expect(countryName('Atlantis', 'nl')).toBe('Atlantis');
    expect(countryName(null, 'nl')).toBe('');
    expect(countryName('  ', 'de')).toBe('');
  });
});
