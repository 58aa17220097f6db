import { recipientFilterPolicy } from '../../functions/lib/alarms/alarm-mail';
import { sentAlarmId } from '../../functions/lib/alarms/sent-alarms';
import { MAIL_WORDS } from '../../functions/lib/notifications/mail-texts';
import type { AlarmRaised } from '../../functions/lib/pipeline/contracts';
import { durationIn, fillPlaceholders } from '../../functions/pipeline/alarm-handler';
import { PIPELINE_RULES } from '../../infra/pipeline-rules';
import { matchesPattern } from '../../scripts/local/event-pattern';
import { matchesFilterPolicy } from '../../scripts/local/sns-filter-policy';
import { assetAlarmIdSchema } from '../../shared/schemas/asset-alarm';

const envelope = (detail: unknown, overrides: Record<string, unknown> = {}) => ({
  version: '0',
  id: 'x',
  source: 'tracking.pipeline',
  'detail-type': 'AlarmRaised',
  detail,
  ...overrides,
});

describe('EventBridge pattern matching (local bus)', () => {
  const [alarmRule] = PIPELINE_RULES;
  const pattern = alarmRule?.eventPattern ?? {};

  it('matches the AlarmRaised rule on source, detail-type and a nested detail value', () => {
    expect(matchesPattern(pattern, envelope({ kind: 1 }))).toBe(true);
    expect(matchesPattern(pattern, envelope({ kind: 0 }))).toBe(true);
    // Type 3: the silent-tag job's "tag silent"; 4-9 the stock and time rules; nothing beyond.
    expect(matchesPattern(pattern, envelope({ kind: 3 }))).toBe(true);
    expect(matchesPattern(pattern, envelope({ kind: 9 }))).toBe(true);
    expect(matchesPattern(pattern, envelope({ kind: 10 }))).toBe(true);
    expect(matchesPattern(pattern, envelope({ kind: 11 }))).toBe(false);
    expect(matchesPattern(pattern, envelope({}))).toBe(false);
    expect(matchesPattern(pattern, envelope({ kind: 1 }, { source: 'other' }))).toBe(false);
    expect(matchesPattern(pattern, envelope({ kind: 1 }, { 'detail-type': 'Other' }))).toBe(false);
    expect(matchesPattern(pattern, 'not an event')).toBe(false);
  });

  it('supports prefix, anything-but, exists and arrays in the event', () => {
    expect(matchesPattern({ source: [{ prefix: 'tracking.' }] }, { source: 'tracking.pipeline' })).toBe(true);
    expect(matchesPattern({ source: [{ prefix: 'tracking.' }] }, { source: 'aws.events' })).toBe(false);
    expect(matchesPattern({ detail: { kind: [{ 'anything-but': [0, 2] }] } }, { detail: { kind: 1 } })).toBe(true);
    expect(matchesPattern({ detail: { kind: [{ 'anything-but': 1 }] } }, { detail: { kind: 1 } })).toBe(false);
    expect(matchesPattern({ detail: { zoneId: [{ exists: true }] } }, { detail: { zoneId: 4 } })).toBe(true);
    expect(matchesPattern({ detail: { zoneId: [{ exists: false }] } }, { detail: {} })).toBe(true);
    expect(matchesPattern({ detail: { zoneId: [{ exists: true }] } }, { detail: {} })).toBe(false);
    expect(matchesPattern({ resources: ['a'] }, { resources: ['b', 'a'] })).toBe(true);
  });
});

describe('SNS filter policies (local topic)', () => {
  const array = (values: string[]) => ({
    recipient: { DataType: 'String.Array', StringValue: JSON.stringify(values) },
  });

  it('delivers to an address only the messages whose recipient list names it', () => {
    const policy = recipientFilterPolicy(' Ops@Example.com ');
    expect(policy).toBe('{"recipient":["ops@example.com"]}');
    expect(matchesFilterPolicy(policy, array(['a@example.com', 'ops@example.com']))).toBe(true);
    expect(matchesFilterPolicy(policy, array(['a@example.com']))).toBe(false);
    expect(matchesFilterPolicy(policy, {})).toBe(false);
  });

  it('accepts everything without a policy and applies every key (AND) with prefix, anything-but, exists', () => {
    const attrs = { tenant: { DataType: 'String', StringValue: '1' }, kind: { DataType: 'Number', StringValue: '2' } };
    expect(matchesFilterPolicy(undefined, attrs)).toBe(true);
    expect(matchesFilterPolicy('{"tenant":["1"],"kind":[2]}', attrs)).toBe(true);
    expect(matchesFilterPolicy('{"tenant":["1"],"kind":[1]}', attrs)).toBe(false);
    expect(matchesFilterPolicy('{"tenant":[{"prefix":"1"}]}', attrs)).toBe(true);
    expect(matchesFilterPolicy('{"tenant":[{"anything-but":"1"}]}', attrs)).toBe(false);
    expect(matchesFilterPolicy('{"rule":[{"exists":false}]}', attrs)).toBe(true);
  });
});

describe('alarm texts and records', () => {
  const alarm: AlarmRaised = {
    tenantId: '1',
    kind: 1,
    assetId: 5,
    assetName: 'Cable drum 5',
    deviceId: 9,
    deviceName: null,
    devEui: '0011223344556677',
    zoneId: null,
    zoneName: 'Depot',
    at: '2026-07-01T10:00:00.000Z',
    latitude: 52,
    longitude: 5,
  };

  it('fills every placeholder, in Amsterdam time, with "-" for what the event lacks; unknown ones stay', () => {
    expect(
      fillPlaceholders('{asset_name} left {zone_name} ({device_name}, {dev_eui}) at {time}; {customer} {other}', alarm),
    ).toBe('Cable drum 5 left Depot (-, 0011223344556677) at 01/07/2026, 12:00:00 (Europe/Amsterdam); - {other}');
  });

  it("writes a time rule's duration in the mail's language, and an older queued English text as it came", () => {
    const timed = { ...alarm, values: { duration: 2, duration_unit: 'days' as const } };
    const context = (language: keyof typeof MAIL_WORDS) => ({
      words: MAIL_WORDS[language],
      customer: null,
      address: null,
    });
    expect(fillPlaceholders('{duration}', timed)).toBe('2 days');
    expect(fillPlaceholders('{duration}', timed, context('nl'))).toBe('2 dagen');
    expect(fillPlaceholders('{duration}', timed, context('de'))).toBe('2 Tage');
    // French puts a no-break space between the number and its unit.
    expect(fillPlaceholders('{duration}', timed, context('fr')).replace(/\s/g, ' ')).toBe('2 jours');
    expect(durationIn('en-GB', 1, 'hours')).toBe('1 hour');
    expect(fillPlaceholders('{duration} {duration_unit}', { ...alarm, values: { duration: '5 hours' } })).toBe(
      '5 hours {duration_unit}',
    );
  });

  it('gives one event the same alarm id every time, a different event another', () => {
    const id = sentAlarmId(alarm, 3);
    expect(id).toBe(sentAlarmId({ ...alarm }, 3));
    expect(id).toMatch(/^20260701T100000000Z-3-[0-9a-f]{12}$/);
    expect(assetAlarmIdSchema.safeParse(id).success).toBe(true);
    expect(sentAlarmId({ ...alarm, at: '2026-07-01T10:00:01.000Z' }, 3)).not.toBe(id);
    expect(sentAlarmId(alarm, 4)).not.toBe(id);
  });
});
