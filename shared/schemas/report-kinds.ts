import { z } from 'zod';
import type { PermissionName, RoleName } from '../permissions';
import { entityIdSchema } from './common';

/**
 * The kinds of report a subscription mails (docs/decisions/0314-report-kinds-beside-the-loan-day-statement.md)
 * and each kind's options, one schema per kind: the subscription's `options` object is checked against the
 * schema of its `kind` (report-subscription.ts), so a number is always within its bounds and an option of
 * another kind is refused. The console's fields (web/src/report-subscriptions/ReportKindOptions.tsx) are
 * driven by REPORT_OPTION_FIELDS and the same bounds.
 */
export const REPORT_KINDS = [
  'loan-days',
  'dormant-assets',
  'overdue-assets',
  'outside-zone',
  'pickups-waiting',
  'tag-health',
  'zone-stock',
  'utilisation',
  'rental-audit',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_INVALID = 'There is no such kind of report';

/** The bounds of every number an option takes. */
export const REPORT_OPTION_BOUNDS = {
  days: { min: 1, max: 365 },
  hours: { min: 1, max: 720 },
  zones: { max: 20 },
} as const;

export const DAYS_INVALID = `The number of days must be a whole number from ${REPORT_OPTION_BOUNDS.days.min} to ${REPORT_OPTION_BOUNDS.days.max}`;
export const HOURS_INVALID = `The number of hours must be a whole number from ${REPORT_OPTION_BOUNDS.hours.min} to ${REPORT_OPTION_BOUNDS.hours.max}`;
export const ZONES_INVALID = `Zones must be a list of at most ${REPORT_OPTION_BOUNDS.zones.max} geo zone ids`;
export const OUTSIDE_INVALID = 'Outside the limits only takes true or false';
export const OPTION_NOT_TAKEN = 'This report takes no such option';

const bounded = (bounds: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int({ error: message }).min(bounds.min, { error: message }).max(bounds.max, {
    error: message,
  });

const zones = z
  .array(entityIdSchema, { error: ZONES_INVALID })
  .max(REPORT_OPTION_BOUNDS.zones.max, { error: ZONES_INVALID })
  .transform((ids) => [...new Set(ids)])
  .optional();

const strict = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: OPTION_NOT_TAKEN });

export const REPORT_OPTION_SCHEMAS = {
  'loan-days': strict({}),
  utilisation: strict({}),
  'rental-audit': strict({}),
  /** Positioned assets whose last location update is more than `days` days before the run. */
  'dormant-assets': strict({ days: bounded(REPORT_OPTION_BOUNDS.days, DAYS_INVALID) }),
  /** Assets whose scheduled day is before the day of the run (Amsterdam). */
  'overdue-assets': strict({ zones }),
  /** Assets outside their geo zone for more than `days` days. */
  'outside-zone': strict({ days: bounded(REPORT_OPTION_BOUNDS.days, DAYS_INVALID), zones }),
  /** Assets reported empty and waiting for a pickup for more than `hours` hours. */
  'pickups-waiting': strict({ hours: bounded(REPORT_OPTION_BOUNDS.hours, HOURS_INVALID) }),
  /** Late or silent tags not heard for more than `hours` hours, and tags with a low battery. */
  'tag-health': strict({ hours: bounded(REPORT_OPTION_BOUNDS.hours, HOURS_INVALID) }),
  /** Stock per zone and profile against the zone's limits; `outside`: only the cells below or above them. */
  'zone-stock': strict({ zones, outside: z.boolean({ error: OUTSIDE_INVALID }).optional() }),
} as const satisfies Record<ReportKind, z.ZodType>;

export type ReportOptions<K extends ReportKind = ReportKind> = z.infer<(typeof REPORT_OPTION_SCHEMAS)[K]>;
/** What any kind's options may hold, once checked against its kind's schema. */
export interface AnyReportOptions {
  days?: number;
  hours?: number;
  zones?: number[];
  outside?: boolean;
}

/** The console's fields per kind, in order (each one an option of the kind's schema). */
export const REPORT_OPTION_FIELDS: Record<ReportKind, readonly (keyof AnyReportOptions)[]> = {
  'loan-days': [],
  'dormant-assets': ['days'],
  'overdue-assets': ['zones'],
  'outside-zone': ['days', 'zones'],
  'pickups-waiting': ['hours'],
  'tag-health': ['hours'],
  'zone-stock': ['zones', 'outside'],
  utilisation: [],
  'rental-audit': [],
};

/** What a new subscription of the kind starts with in the console. */
export const REPORT_OPTION_DEFAULTS: Record<ReportKind, AnyReportOptions> = {
  'loan-days': {},
  'dormant-assets': { days: 30 },
  'overdue-assets': {},
  'outside-zone': { days: 7 },
  'pickups-waiting': { hours: 48 },
  'tag-health': { hours: 24 },
  'zone-stock': {},
  utilisation: {},
  'rental-audit': {},
};

/**
 * Who may have each kind: the permissions of the list it is read from, whether client users may, and whether it
 * can be narrowed to one customer. Scheduled dates, zones and devices are hidden from client users (spec 000
 * s.2/s.6), so the reports made of them are staff's; the pickups are theirs (their customer's, as GET
 * /api/pickups answers them). Tags belong to no customer: their report is the tenant's. A role among `anyOf` is had
 * by its holders whatever the matrix grants, as in the route table.
 */
export const REPORT_KIND_ACCESS: Record<
  ReportKind,
  { anyOf: readonly (PermissionName | RoleName)[]; clients: boolean; customer: boolean; staffOnly?: true }
> = {
  'loan-days': { anyOf: ['CUSTOMER_READ', 'RESET_LOAN_DAYS'], clients: true, customer: true },
  // GET /api/utilisation's readers (shared/api/utilisation.ts); a client user's figures are their customer's.
  utilisation: { anyOf: ['ASSET_READ'], clients: true, customer: true },
  // GET /api/rental-audit's audience (shared/api/rental-contracts.ts): a client user's lines are their customer's.
  'rental-audit': { anyOf: ['CUSTOMER_READ', 'ROLE_CLIENT'], clients: true, customer: true },
  // The map's route and its answer for client users (their customer's markers, the update time theirs to see).
  'dormant-assets': { anyOf: ['VIEW_ASSET_MAP'], clients: true, customer: true },
  'overdue-assets': { anyOf: ['ASSET_READ'], clients: false, customer: true },
  'outside-zone': { anyOf: ['ASSET_READ'], clients: false, customer: true },
  'pickups-waiting': { anyOf: ['ASSET_READ'], clients: true, customer: true },
  'tag-health': { anyOf: ['DEVICE_READ'], clients: false, customer: false },
  // As the Stock screen's routes: staff only whatever the matrix says (shared/api/zone-stock.ts).
  'zone-stock': { anyOf: ['VIEW_ASSET_MAP'], clients: false, customer: false, staffOnly: true },
};

export const KIND_TAKES_NO_CUSTOMER = 'This report covers every customer: it takes none';
export const KIND_NOT_FOR_CLIENTS = 'This report is made of fields hidden from client users';
export const KIND_NOT_ALLOWED = 'You may not read the list this report is made of';

/** The rows a report holds at most: the lists' own cap for an unpaged answer (pagination=false). */
export const REPORT_ROW_LIMIT = 1000;
