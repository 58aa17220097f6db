import { z } from 'zod';
import { dateStringSchema, entityIdSchema, jsonLdShape, optionalReference } from './common';
import { EXPORT_LANGUAGES, INVALID_LANGUAGE } from './export';

/**
 * Share links (docs/decisions/0322-share-links-that-expire-for-people-without-an-account.md): a read-only link to
 * one asset or to one customer's assets for someone without an account, in one language, until a chosen time.
 * The token is answered once, by the create; the API keeps only its SHA-256.
 */
export const SHARE_LINK_KINDS = ['asset', 'customer'] as const;
export type ShareLinkKind = (typeof SHARE_LINK_KINDS)[number];

/** How long a link may live at most, and how long a history period it may show. */
export const SHARE_LINK_MAX_DAYS = 90;
export const SHARE_LINK_HISTORY_MAX_DAYS = 31;
/** Live links a tenant may hold at once (neither expired nor revoked). */
export const SHARE_LINKS_PER_TENANT = 200;
/** A customer link shows at most this many of the customer's assets (the first in id order). */
export const SHARE_LINK_MAX_ASSETS = 100;
/** Fixes of the history period a shared page receives at most (the newest). */
export const SHARE_LINK_MAX_FIXES = 500;

export const SHARE_LINK_KIND_INVALID = 'The kind must be asset or customer';
export const SHARE_LINK_ASSET_REQUIRED = 'An asset link needs its asset';
export const SHARE_LINK_CUSTOMER_REQUIRED = 'A customer link needs its customer';
export const SHARE_LINK_EXPIRY_PAST = 'The link must expire in the future';
export const SHARE_LINK_EXPIRY_TOO_FAR = `A link lives at most ${SHARE_LINK_MAX_DAYS} days`;
export const SHARE_LINK_HISTORY_ORDER = 'The history must end after it starts';
export const SHARE_LINK_HISTORY_TOO_LONG = `The history covers at most ${SHARE_LINK_HISTORY_MAX_DAYS} days`;
export const SHARE_LINK_HISTORY_FUTURE = 'The history cannot start in the future';
export const SHARE_LINK_HISTORY_ONE_ASSET = 'A history period is for a link to one asset';
export const SHARE_LINKS_LIMIT_REACHED = `At most ${SHARE_LINKS_PER_TENANT} share links may be live at once: revoke one first`;

const DAY_MS = 86_400_000;

export const shareLinkHistorySchema = z.object({ from: dateStringSchema(), to: dateStringSchema() });

/** POST /api/share-links. Bounds are checked against the clock when the request is read. */
export const shareLinkInputSchema = z
  .object({
    kind: z.enum(SHARE_LINK_KINDS, { error: SHARE_LINK_KIND_INVALID }),
    asset: optionalReference(),
    client: optionalReference(),
    language: z.enum(EXPORT_LANGUAGES, { error: INVALID_LANGUAGE }),
    expires_at: dateStringSchema(),
    history: shareLinkHistorySchema.nullish(),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.kind === 'asset' && !input.asset) issue('asset', SHARE_LINK_ASSET_REQUIRED);
    if (input.kind === 'customer' && !input.client) issue('client', SHARE_LINK_CUSTOMER_REQUIRED);
    const now = Date.now();
    const expires = Date.parse(input.expires_at);
    if (expires <= now) issue('expires_at', SHARE_LINK_EXPIRY_PAST);
    else if (expires > now + SHARE_LINK_MAX_DAYS * DAY_MS) issue('expires_at', SHARE_LINK_EXPIRY_TOO_FAR);
    if (!input.history) return;
    if (input.kind !== 'asset') return issue('history', SHARE_LINK_HISTORY_ONE_ASSET);
    const [from, to] = [Date.parse(input.history.from), Date.parse(input.history.to)];
    if (to <= from) issue('history', SHARE_LINK_HISTORY_ORDER);
    else if (to - from > SHARE_LINK_HISTORY_MAX_DAYS * DAY_MS) issue('history', SHARE_LINK_HISTORY_TOO_LONG);
    else if (from > now) issue('history', SHARE_LINK_HISTORY_FUTURE);
  });
export type ShareLinkInput = z.infer<typeof shareLinkInputSchema>;

export const SHARE_LINK_STATES = ['live', 'expired', 'revoked'] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

/** A link as staff see it; `token` only in the create's answer. */
export const shareLinkSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  kind: z.enum(SHARE_LINK_KINDS),
  asset: z.object({ id: entityIdSchema, name: z.string().nullable() }).nullable(),
  client: z.object({ id: entityIdSchema, company: z.string().nullable() }).nullable(),
  language: z.enum(EXPORT_LANGUAGES),
  expires_at: z.string(),
  history: shareLinkHistorySchema.nullable(),
  state: z.enum(SHARE_LINK_STATES),
  created_at: z.string(),
  created_by: z.object({ id: entityIdSchema, name: z.string().nullable() }),
  revoked_at: z.string().nullable(),
  uses: z.number().int().nonnegative(),
  last_used_at: z.string().nullable(),
  token: z.string().optional(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const sharedPositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number().nullable(),
  date: z.string(),
});
export type SharedPosition = z.infer<typeof sharedPositionSchema>;

/** One asset as a shared page shows it: nothing but its name, reference and positions. */
export const sharedAssetSchema = z.object({
  name: z.string().nullable(),
  reference: z.string().nullable(),
  position: sharedPositionSchema.nullable(),
  /** The fixes of the link's history period, oldest first; absent without a period. */
  track: z.array(sharedPositionSchema).optional(),
});
export type SharedAsset = z.infer<typeof sharedAssetSchema>;

/** GET /api/shared/{token}: what the link allows, and nothing that names another entity. */
export const sharedViewSchema = z.object({
  kind: z.enum(SHARE_LINK_KINDS),
  language: z.enum(EXPORT_LANGUAGES),
  expires_at: z.string(),
  history: shareLinkHistorySchema.nullable(),
  assets: z.array(sharedAssetSchema),
});
export type SharedView = z.infer<typeof sharedViewSchema>;

/** The token's shape: 32 random bytes in base64url (43 characters). Anything else is unknown: the same 404. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const shareTokenParamSchema = z.string().regex(SHARE_TOKEN_PATTERN);
