import fc from 'fast-check';
import type { z } from 'zod';
import { snsSubject } from '../../functions/lib/alarms/alarm-mail';
import { isValidSnsSubject } from '../../scripts/local/sns-subject';
import { alarmInputSchema } from '../../shared/schemas/alarm';
import { apiTokenInputSchema } from '../../shared/schemas/api-token';
import { assetInputSchema } from '../../shared/schemas/asset';
import { clientInputSchema, clientUserInputSchema } from '../../shared/schemas/client';
import { NAME_CHARACTERS_INVALID } from '../../shared/schemas/common';
import { deviceUpdateInputSchema } from '../../shared/schemas/device';
import { geoZoneInputSchema } from '../../shared/schemas/geo-zone';
import { tenantInputSchema } from '../../shared/schemas/tenant';
import { userInputSchema } from '../../shared/schemas/user';

/**
 * Names and labels refuse control characters and bidi overrides with one message on the
 * field (the console's forms use the same schemas); alarm subjects are cleaned to what SNS accepts.
 */
const BAD = [
  'Reel\tA',
  'Reel\nA',
  'Reel\rA',
  '\tReel',
  'Reel\u0000',
  'Reel\u0007',
  'Reel\u007f',
  'Reel\u0085',
  'Reel\u009b',
  'exe.\u202Efdp',
  'a\u202Ab',
  'a\u2066b',
  'a\u2069b',
];

const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
  ['asset name', assetInputSchema, {}, 'name'],
  ['asset reference', assetInputSchema, { name: 'Reel' }, 'reference'],
  ['customer company', clientInputSchema, { name: 'Jan', email: 'jan@example.com' }, 'company'],
  ['customer contact name', clientInputSchema, { email: 'jan@example.com' }, 'name'],
  ['customer user name', clientUserInputSchema, { email: 'jan@example.com' }, 'name'],
  ['user name', userInputSchema, { email: 'jan@example.com', roles: ['ROLE_USER'] }, 'name'],
  ['alarm rule name', alarmInputSchema, { type: 1, text: 'Left', email: 'a@example.com' }, 'name'],
  ['geo zone name', geoZoneInputSchema, {}, 'name'],
  ['device name', deviceUpdateInputSchema, { version: 1 }, 'name'],
  ['API credential name', apiTokenInputSchema, {}, 'name'],
  ['tenant company', tenantInputSchema, {}, 'company'],
];

const messagesAt = (schema: z.ZodType, body: Record<string, unknown>, field: string) =>
  (schema.safeParse(body).error?.issues ?? []).filter((i) => i.path.join('.') === field).map((i) => i.message);

describe('control characters in names', () => {
  it.each(cases)('refuses them in the %s with one clear message on the field', (_, schema, base, field) => {
    for (const bad of BAD)
      expect(messagesAt(schema, { ...base, [field]: bad }, field)).toEqual([NAME_CHARACTERS_INVALID]);
    // Ordinary spaces, accents, quotes and emoji are names.
    for (const good of ['Kabelhaspel 12 – groß', "O'Brien & Zoon", 'Reel 🚚', '  padded  '])
      expect(messagesAt(schema, { ...base, [field]: good }, field)).toEqual([]);
  });
});

describe('alarm mail subjects', () => {
  it('cleans a subject SNS would refuse: controls, line breaks, bidi overrides, a bad start, 100+ characters', () => {
    expect(snsSubject('Asset outside the geo zone: Reel\r\nBcc: x@example.com')).toBe(
      'Asset outside the geo zone: Reel Bcc: x@example.com',
    );
    expect(snsSubject('Low battery: \u202Eexe.pdf\u0007')).toBe('Low battery: exe.pdf');
    expect(snsSubject('\t\u0000 ~~Reel')).toBe('Reel');
    expect(Array.from(snsSubject(`Alarm: ${'🚚'.repeat(150)}`))).toHaveLength(99);
    expect(snsSubject('\u0001\u0002')).toBe('Alarm');
    expect(snsSubject('Asset outside the geo zone: Reel 7')).toBe('Asset outside the geo zone: Reel 7');
  });

  it('always gives a subject that the SNS stand-in (as SNS) accepts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => isValidSnsSubject(snsSubject(text))),
      {
        numRuns: 5000,
      },
    );
    for (const refused of ['', 'a\nb', 'a\u0007', ' leading space', 'x'.repeat(100)])
      expect(isValidSnsSubject(refused)).toBe(false);
    expect(isValidSnsSubject('x'.repeat(99))).toBe(true);
  });
});
