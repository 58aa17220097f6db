import { overdueBefore } from '../../functions/lib/report-subscriptions/kinds/overdue-assets';
import { silentLongerThan } from '../../functions/lib/report-subscriptions/kinds/tag-health';
import { composeReportMail } from '../../functions/lib/report-subscriptions/report-mail';
import { kindRefusal } from '../../functions/lib/report-subscriptions/subscription-writes';
import { DEFAULT_ROLE_PERMISSIONS } from '../../shared/permissions';
import { EXPORT_LANGUAGES } from '../../shared/schemas/export';
import {
  DAYS_INVALID,
  HOURS_INVALID,
  KIND_NOT_ALLOWED,
  KIND_NOT_FOR_CLIENTS,
  OPTION_NOT_TAKEN,
  REPORT_KIND_ACCESS,
  REPORT_KINDS,
  REPORT_OPTION_DEFAULTS,
  REPORT_OPTION_FIELDS,
  REPORT_OPTION_SCHEMAS,
  ZONES_INVALID,
} from '../../shared/schemas/report-kinds';
import { reportSubscriptionInputSchema } from '../../shared/schemas/report-subscription';

/**
 * The report kinds' options (shared/schemas/report-kinds.ts): each kind's schema bounds its numbers and refuses
 * the options of another kind, the subscription input reports them under `options.`; the console's fields and
 * defaults fit the schemas; the mail says what the report is and why it came in every mail language.
 */
const input = (kind: string, options?: unknown) =>
  reportSubscriptionInputSchema.safeParse({
    kind,
    options,
    schedule: { every: 'day', time: '07:00' },
    format: 'csv',
    language: 'en',
  });
const violations = (result: ReturnType<typeof input>) =>
  result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('report kind options', () => {
  it('bound every number and name the option refused', () => {
    for (const days of [0, 366, 2.5, '7', null]) {
      expect(violations(input('outside-zone', { days }))).toEqual([{ path: 'options.days', message: DAYS_INVALID }]);
    }
    for (const hours of [0, 721, -1]) {
      expect(violations(input('pickups-waiting', { hours }))).toEqual([
        { path: 'options.hours', message: HOURS_INVALID },
      ]);
    }
    expect(violations(input('outside-zone', { days: 1 }))).toEqual([]);
    expect(violations(input('outside-zone', { days: 365 }))).toEqual([]);
    expect(violations(input('pickups-waiting', { hours: 720 }))).toEqual([]);
  });

  it('refuse an option of another kind and options that are no object', () => {
    expect(violations(input('overdue-assets', { days: 3 }))).toEqual([
      { path: 'options.days', message: OPTION_NOT_TAKEN },
    ]);
    expect(violations(input('loan-days', { zones: [1] }))).toEqual([
      { path: 'options.zones', message: OPTION_NOT_TAKEN },
    ]);
    expect(violations(input('overdue-assets', [1, 2]))).toEqual([
      { path: 'options', message: 'The options must be an object' },
    ]);
  });

  it('take at most 20 zones, as ids, and keep each once', () => {
    const many = Array.from({ length: 21 }, (_, i) => i + 1);
    expect(violations(input('overdue-assets', { zones: many }))).toEqual([
      { path: 'options.zones', message: ZONES_INVALID },
    ]);
    expect(violations(input('overdue-assets', { zones: ['x'] }))[0]?.path).toBe('options.zones.0');
    const parsed = input('outside-zone', { days: 3, zones: [4, 4, 5] });
    expect(parsed.success && parsed.data.options).toEqual({ days: 3, zones: [4, 5] });
  });

  it('give every kind a schema, fields its schema takes, defaults it accepts and its readers', () => {
    for (const kind of REPORT_KINDS) {
      expect(REPORT_OPTION_SCHEMAS[kind].safeParse(REPORT_OPTION_DEFAULTS[kind]).success).toBe(true);
      for (const field of REPORT_OPTION_FIELDS[kind]) {
        const shape = (REPORT_OPTION_SCHEMAS[kind] as unknown as { shape: Record<string, unknown> }).shape;
        expect(Object.keys(shape)).toContain(field);
      }
      expect(REPORT_KIND_ACCESS[kind].anyOf.length).toBeGreaterThan(0);
    }
  });

  it('give each role only the kinds made of what it may read', () => {
    const refusal = (kind: (typeof REPORT_KINDS)[number], role: keyof typeof DEFAULT_ROLE_PERMISSIONS) =>
      kindRefusal(kind, [role], new Set(DEFAULT_ROLE_PERMISSIONS[role]));
    expect(REPORT_KINDS.filter((kind) => !refusal(kind, 'ROLE_USER'))).toEqual([...REPORT_KINDS]);
    for (const kind of ['overdue-assets', 'outside-zone', 'tag-health', 'zone-stock'] as const)
      expect(refusal(kind, 'ROLE_CLIENT')).toBe(KIND_NOT_FOR_CLIENTS);
    expect(refusal('pickups-waiting', 'ROLE_CLIENT')).toBeUndefined();
    expect(refusal('dormant-assets', 'ROLE_CLIENT')).toBeUndefined();
    // A transporter may read the map, not plan stock (the Stock routes are staff only), and reads no devices.
    expect(refusal('zone-stock', 'ROLE_TRANSPORTER')).toBe(KIND_NOT_ALLOWED);
    expect(refusal('tag-health', 'ROLE_TRANSPORTER')).toBe(KIND_NOT_ALLOWED);
    expect(kindRefusal('tag-health', ['ROLE_USER'], new Set(['ASSET_READ']))).toBe(KIND_NOT_ALLOWED);
    // The rental audit's audience is its route's: whoever reads customers, and client users by their role.
    expect(kindRefusal('rental-audit', ['ROLE_CLIENT'], new Set())).toBeUndefined();
    expect(kindRefusal('rental-audit', ['ROLE_USER'], new Set(['ASSET_READ']))).toBe(KIND_NOT_ALLOWED);
    expect(kindRefusal('rental-audit', ['ROLE_USER'], new Set(['CUSTOMER_READ']))).toBeUndefined();
  });

  it('read overdue as scheduled before the day of the run in Amsterdam', () => {
    // 23:30 UTC on 1 December is 00:30 on 2 December in Amsterdam: overdue means before the 2nd.
    expect(overdueBefore(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
    expect(overdueBefore(new Date('2026-12-01T22:30:00Z'))).toBe('2026-11-30');
    // Across the spring change.
    expect(overdueBefore(new Date('2026-03-29T05:00:00Z'))).toBe('2026-03-28');
  });

  it('count a tag silent only when last heard more than the hours before the run, never one never heard', () => {
    const due = new Date('2026-12-02T06:00:00Z');
    expect(silentLongerThan({ heard_at: '2026-12-01T17:59:59Z' }, 12, due)).toBe(true);
    expect(silentLongerThan({ heard_at: '2026-12-01T18:00:00Z' }, 12, due)).toBe(false);
    expect(silentLongerThan({}, 12, due)).toBe(false);
  });

  it('say what the report is, why it came and that it was cut off, in every mail language', () => {
    for (const language of EXPORT_LANGUAGES) {
      const mail = composeReportMail({
        from: 'from@example.test',
        to: 'to@example.test',
        language,
        words: { subject: 'S', attached: 'WHAT', empty: 'NONE', tooLarge: () => 'BIG' },
        file: { fileName: 'a.csv', mimeType: 'text/csv', content: Buffer.from('x'), size: 1, empty: false },
        truncatedAt: 1000,
        limit: 7_000_000,
        unsubscribeUrl: 'https://example.test/u',
      });
      const paragraphs = mail.text.split('\n\n');
      expect(paragraphs[0]).toBe('WHAT');
      expect(paragraphs[1]).toContain('1000');
      expect(paragraphs).toHaveLength(4);
      expect(paragraphs[3]).toContain('https://example.test/u');
    }
  });
});
