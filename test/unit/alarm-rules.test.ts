import {
  ALARM_PLACEHOLDERS,
  ALARM_TEXT_TEMPLATES,
  ALARM_TYPES,
  alarmInputSchema,
  alarmRecipients,
  invalidRecipient,
  MAX_ALARM_RECIPIENTS,
  renderAlarmText,
  TOO_MANY_RECIPIENTS,
} from '../../shared/schemas/alarm';

/** Alarm rule texts and recipients: what the pipeline's alarm sender relies on. */
const rule = (email: unknown) => alarmInputSchema.safeParse({ name: 'Rule', type: 1, text: 'Text', email });
const messages = (email: unknown) => {
  const result = rule(email);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('alarm text placeholders', () => {
  it('fills every known placeholder, each wherever it appears', () => {
    const values = {
      asset_name: 'Reel 7',
      asset_id: 7,
      customer: 'Acme',
      zone_name: 'Waalhaven',
      device_name: 'Tag 1',
      dev_eui: '0011223344556677',
      time: '23/11/2026 10:00',
      address: 'Kade 1, Rotterdam',
      latitude: 51.9,
      longitude: 4.4,
      profile_name: 'Cable reel',
      count: 3,
      limit: 5,
      duration: '2 days',
      scheduled: '01/12/2026',
    };
    const text = ALARM_PLACEHOLDERS.map((name) => `{${name}}`).join('|');
    expect(renderAlarmText(`${text}|{asset_name}`, values)).toBe(
      'Reel 7|7|Acme|Waalhaven|Tag 1|0011223344556677|23/11/2026 10:00|Kade 1, Rotterdam|51.9|4.4|Cable reel|3|5|2 days|01/12/2026|Reel 7',
    );
  });

  it('leaves unknown placeholders and placeholders without a value as written', () => {
    expect(renderAlarmText('{asset_name} at {zone} in {zone_name} {time}', { asset_name: 'A', time: null })).toBe(
      'A at {zone} in {zone_name} {time}',
    );
  });

  it('takes a bare asset name, as older callers do', () => {
    expect(renderAlarmText('Asset {asset_name} left {asset_name}', 'Reel 7')).toBe('Asset Reel 7 left Reel 7');
  });

  it('has a template per type that names the asset (the zone for stock) and uses several placeholders', () => {
    for (const type of ALARM_TYPES) {
      const template = ALARM_TEXT_TEMPLATES[type];
      expect(template).toContain(type === 4 || type === 5 ? '{zone_name}' : '{asset_name}');
      expect(template.match(/\{[a-z_]+\}/g)?.length).toBeGreaterThanOrEqual(3);
      expect(
        renderAlarmText(template, {
          asset_name: 'X',
          zone_name: 'Z',
          device_name: 'D',
          dev_eui: 'E',
          time: 'T',
          address: 'A',
          profile_name: 'P',
          count: 1,
          limit: 2,
          duration: '3 h',
          scheduled: 'S',
        }),
      ).not.toMatch(/\{/);
    }
  });
});

describe('alarm recipients', () => {
  it('takes one or more recipients separated by commas, semicolons or spaces, stored with ", "', () => {
    expect(rule('a@x.nl').data?.email).toBe('a@x.nl');
    expect(rule(' a@x.nl;b@y.nl , c@z.nl  ').data?.email).toBe('a@x.nl, b@y.nl, c@z.nl');
    expect(rule('a@x.nl, A@x.nl').data?.email).toBe('a@x.nl');
    expect(rule('').data?.email).toBeNull();
    expect(rule(null).data?.email).toBeNull();
    expect(rule(undefined).data?.email).toBeUndefined();
  });

  it('names each bad recipient', () => {
    expect(messages('a@x.nl, nobody, b@, c@z.nl')).toEqual([
      `email: ${invalidRecipient('nobody')}`,
      `email: ${invalidRecipient('b@')}`,
    ]);
    expect(messages(42)).toEqual(['email: Must be a valid email']);
  });

  it('refuses more than the maximum number of recipients', () => {
    const many = Array.from({ length: MAX_ALARM_RECIPIENTS + 1 }, (_, i) => `p${i}@x.nl`).join(',');
    expect(messages(many)).toEqual([`email: ${TOO_MANY_RECIPIENTS}`]);
  });

  it('gives the pipeline the list of a stored rule', () => {
    expect(alarmRecipients({ email: 'a@x.nl, b@y.nl' })).toEqual(['a@x.nl', 'b@y.nl']);
    expect(alarmRecipients({ email: null })).toEqual([]);
  });
});
