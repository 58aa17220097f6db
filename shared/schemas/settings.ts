import { z } from 'zod';
import {
  entityIdSchema,
  hexColorSchema,
  INVALID_EMAIL,
  jsonLdShape,
  plainText,
  requiredText,
  textFilter,
  tooLong,
  versionShape,
} from './common';
import { INVALID_LANGUAGE } from './export';

export const COLOR_NAMES = [
  'background',
  'text',
  'primary',
  'primaryContrast',
  'secondary',
  'secondaryContrast',
] as const;
export type ColorName = (typeof COLOR_NAMES)[number];

/**
 * Spec 001 s.3 gives two readings of the defaults; the first (the colour settings record) applies
 * everywhere, so a tenant without settings and the styling screen's reset agree.
 */
export const DEFAULT_COLORS: Readonly<Record<ColorName, string>> = {
  background: '#ffffff',
  text: '#252525',
  primary: '#033302',
  primaryContrast: '#fff',
  secondary: '#d5d51a',
  secondaryContrast: '#033605',
};

export const SETTING_NAMES = {
  colors: 'colors',
  assetTableHiddenColumns: 'asset-table-hidden-columns',
  assetTableColumnNames: 'asset-table-column-names',
  notifications: 'notifications',
  /** Not a frontend setting: administrators' (shared/schemas/retention.ts, /api/retention-settings). */
  retention: 'retention',
  /** Not a frontend setting either: which roles must use a second factor (shared/schemas/second-factor.ts). */
  secondFactor: 'second-factor',
} as const;

/** Languages of the mails the product sends (spec 001 s.1); en is the default. */
export const NOTIFICATION_LANGUAGES = ['en', 'nl', 'de', 'fr'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/**
 * The tenant's mail settings: the language of its alarm and report mails, and the address that
 * receives the delivered / empty reports (none: the tenant's planners, the users who may confirm them).
 */
export const notificationsDataSchema = z.object({
  language: z.enum(NOTIFICATION_LANGUAGES, { error: INVALID_LANGUAGE }),
  // Blank means "no address": the planners get the reports.
  email: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .email({ error: INVALID_EMAIL })
        .max(254, { error: tooLong(254) })
        .nullish(),
    )
    .transform((v) => v ?? null),
});
export type NotificationsData = z.infer<typeof notificationsDataSchema>;
export const DEFAULT_NOTIFICATIONS: NotificationsData = { language: 'en', email: null };

export const colorEntrySchema = z.object({
  name: z.enum(COLOR_NAMES, { error: 'Unknown colour' }),
  color: hexColorSchema,
});
export type ColorEntry = z.infer<typeof colorEntrySchema>;

export const colorsDataSchema = z
  .array(colorEntrySchema)
  .refine((entries) => new Set(entries.map((e) => e.name)).size === entries.length, {
    error: 'Each colour can appear only once',
  });

/** Stored entries over the defaults, so a partial record still gives a full palette. */
export const resolveColors = (entries: readonly ColorEntry[] | null | undefined): Record<ColorName, string> => ({
  ...DEFAULT_COLORS,
  ...Object.fromEntries((entries ?? []).map((e) => [e.name, e.color])),
});

/** Column ids of the asset table; values seen in stored settings: id, asset-profile, country. */
export const ASSET_TABLE_COLUMNS = [
  'id',
  'asset',
  // Map status level (shared/schemas/map-level.ts), the same as the asset map's marker ring.
  'level',
  'asset-profile',
  'street',
  'postal-code-city',
  'country',
  'last-communication',
  'reference',
  'scheduled',
  'geo-zone',
  'days-outside-geo-zone',
  'client',
  'battery-status',
  'status',
] as const;

const columnId = requiredText('The column is required', 100);

/** Columns are plain strings so a console that adds a column needs no API change. */
export const assetTableHiddenColumnsDataSchema = z.array(columnId).transform((ids) => [...new Set(ids)]);

/** Column id to header text, e.g. { "asset-profile": "Cable reel" }. */
export const assetTableColumnNamesDataSchema = z.record(columnId, plainText().trim().max(100));

export const frontendSettingInputSchema = z.discriminatedUnion(
  'name',
  [
    z.object({ name: z.literal(SETTING_NAMES.colors), data: colorsDataSchema }),
    z.object({ name: z.literal(SETTING_NAMES.assetTableHiddenColumns), data: assetTableHiddenColumnsDataSchema }),
    z.object({ name: z.literal(SETTING_NAMES.assetTableColumnNames), data: assetTableColumnNamesDataSchema }),
    z.object({ name: z.literal(SETTING_NAMES.notifications), data: notificationsDataSchema }),
  ],
  { error: 'Unknown setting' },
);
export type FrontendSettingInput = z.infer<typeof frontendSettingInputSchema>;

export const frontendSettingUpdateInputSchema = z.intersection(frontendSettingInputSchema, z.object(versionShape));
export type FrontendSettingUpdateInput = z.infer<typeof frontendSettingUpdateInputSchema>;

/**
 * Read shape: data stays unknown here; parse it with the data schema of its name. A default the tenant has not
 * saved yet has id and version null and no @id.
 */
export const frontendSettingSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema.nullable(),
  name: z.string(),
  data: z.unknown(),
  version: versionShape.version.nullable(),
});
export type FrontendSetting = z.infer<typeof frontendSettingSchema>;

export const frontendSettingListQuerySchema = z.object({ name: textFilter() });
export type FrontendSettingListQuery = z.infer<typeof frontendSettingListQuerySchema>;

/** GET /api/logo: the tenant by its subdomain. */
export const logoQuerySchema = z.object({ tenant: textFilter(100) });
