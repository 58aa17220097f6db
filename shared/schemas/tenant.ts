import { z } from 'zod';
import {
  entityIdSchema,
  jsonLdShape,
  optionalInteger,
  paginationQuerySchema,
  plainText,
  textFilter,
  tooLong,
  versionShape,
} from './common';

export const TENANT_ICON_MAX_BYTES = 50000;
export const TENANT_ICON_INVALID = 'The icon must be an image with up to 50kb';
export const TENANT_EMAIL_INVALID = 'The email needs to be valid';
export const SUBDOMAIN_INVALID = 'The subdomain may contain only lowercase letters, digits and hyphens';

/** The API host is prefixed with the subdomain (spec 001 s.4), so it must be a DNS label. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s;

/** Bytes the data URL decodes to, or null when it is not a well-formed data URL. */
export function dataUrlByteLength(dataUrl: string): number | null {
  const m = DATA_URL.exec(dataUrl);
  if (!m) return null;
  const payload = m[3] ?? '';
  if ((m[2] ?? '').split(';').includes('base64')) {
    const clean = payload.replace(/\s/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
    const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
    return Math.floor((clean.length * 3) / 4) - padding;
  }
  try {
    return new TextEncoder().encode(decodeURIComponent(payload)).length;
  } catch {
    return null;
  }
}

export const isTenantIcon = (dataUrl: string): boolean => {
  const bytes = dataUrlByteLength(dataUrl);
  return /^data:image\/[\w.+-]+[;,]/i.test(dataUrl) && bytes !== null && bytes <= TENANT_ICON_MAX_BYTES;
};

/**
 * Tenant text fields default to empty and none is required (spec 001 s.5), and the tenant record stores
 * strings, so blank becomes '' rather than null. Absent still means "leave unchanged".
 */
const tenantText = (max = 255, text: z.ZodString = z.string()) =>
  text
    .trim()
    .max(max, { error: tooLong(max) })
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? '')));

const tenantFields = {
  subdomain: tenantText(63)
    .transform((v) => v?.toLowerCase())
    .refine((v) => !v || SUBDOMAIN_PATTERN.test(v), { error: SUBDOMAIN_INVALID }),
  // The tenant's name: plainText's rule for names.
  company: tenantText(255, plainText()),
  address: tenantText(),
  zipcode: tenantText(20),
  city: tenantText(),
  country: tenantText(),
  phone: tenantText(40),
  email: tenantText(254).refine((v) => !v || z.email().safeParse(v).success, { error: TENANT_EMAIL_INVALID }),
  icon: z
    .string({ error: TENANT_ICON_INVALID })
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? '').trim()))
    .refine((v) => !v || isTenantIcon(v), { error: TENANT_ICON_INVALID }),
  descriptionShort: tenantText(),
};

export const tenantSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  subdomain: z.string(),
  company: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  icon: z.string(),
  descriptionShort: z.string(),
  ...versionShape,
});
export type Tenant = z.infer<typeof tenantSchema>;

/** How a session user or a tenant-roles entry names its tenant. */
export const tenantRefSchema = z.object({ id: entityIdSchema, subdomain: z.string(), company: z.string().nullable() });
export type TenantRef = z.infer<typeof tenantRefSchema>;

export const tenantInputSchema = z.object(tenantFields);
export type TenantInput = z.infer<typeof tenantInputSchema>;

export const tenantUpdateInputSchema = z.object({ ...tenantFields, ...versionShape });
export type TenantUpdateInput = z.infer<typeof tenantUpdateInputSchema>;

/** The tenant list's search box searches by id; the filter drawer has the text fields. */
export const tenantListQuerySchema = paginationQuerySchema.extend({
  id: optionalInteger(),
  subdomain: textFilter(),
  company: textFilter(),
  address: textFilter(),
  zipcode: textFilter(),
  city: textFilter(),
  country: textFilter(),
  phone: textFilter(),
  email: textFilter(),
});
export type TenantListQuery = z.infer<typeof tenantListQuerySchema>;
