import { z } from 'zod';
import {
  entityIdSchema,
  isBlank,
  jsonLdShape,
  MUST_BE_A_NUMBER,
  NAME_REQUIRED,
  type NumberInput,
  referenceSchema,
  requiredName,
  requiredNumber,
  requiredText,
  toNumber,
  versionShape,
} from './common';

export const CABLE_REEL_PROFILE_TYPE = 'cable_reel';
export const WIDTH_REQUIRED = 'Width is required';
export const DIAMETER_REQUIRED = 'The diameter is required';
export const MUST_BE_POSITIVE = 'Must be a positive number';
export const DIAMETER_RANGE = 'The minimum diameter cannot be larger than the maximum diameter';

/** Spec 000 s.3 labels; winding width is the reel's width, core and reel diameter its min and max. */
export const CABLE_REEL_LABELS = {
  cable: 'cable type',
  cable_reel: 'reel type',
  cable_length: 'cable length m',
  diameter: 'cable diameter mm',
  width: 'winding width mm',
  diameterMin: 'core diameter mm',
  diameterMax: 'reel diameter mm',
  residual_length: 'residual length',
} as const;

const positive = (message: string) => requiredNumber(message).refine((n) => n > 0, { error: MUST_BE_POSITIVE });
const catalogueId = entityIdSchema.optional();

const cableReelDataSchema = z
  .object({
    width: positive(WIDTH_REQUIRED),
    diameterMin: positive(DIAMETER_REQUIRED),
    diameterMax: positive(DIAMETER_REQUIRED),
  })
  .refine((d) => d.diameterMin <= d.diameterMax, { error: DIAMETER_RANGE, path: ['diameterMax'] });

export const cableReelTypeInputSchema = z.object({
  id: catalogueId,
  name: requiredName(NAME_REQUIRED),
  data: z.preprocess((v: z.input<typeof cableReelDataSchema> | null | undefined) => v ?? {}, cableReelDataSchema),
});
export type CableReelTypeInput = z.infer<typeof cableReelTypeInputSchema>;

/** The description and diameter messages are the spec's own wording (spec 000 s.5), odd as they read. */
const cableDataSchema = z.object({
  description: requiredText(NAME_REQUIRED, 2000),
  diameter: positive(WIDTH_REQUIRED),
});

export const cableTypeInputSchema = z.object({
  id: catalogueId,
  name: requiredName(NAME_REQUIRED),
  data: z.preprocess((v: z.input<typeof cableDataSchema> | null | undefined) => v ?? {}, cableDataSchema),
});
export type CableTypeInput = z.infer<typeof cableTypeInputSchema>;

export type CableReelType = CableReelTypeInput & { id: number };
export type CableType = CableTypeInput & { id: number };

/** New catalogue entries get the next free id so asset profiles can point at them. */
export const assignCatalogueIds = <T extends { id?: number | undefined }>(items: T[]): (T & { id: number })[] => {
  let next = Math.max(0, ...items.map((item) => item.id ?? 0));
  return items.map((item) => ({ ...item, id: item.id ?? ++next }));
};

/** Spec 000 s.2: empty list items are ignored and the list is kept sorted; duplicates are dropped too. */
export function normalizeEditableList<T extends string | number>(items: readonly (T | null | undefined)[]): T[] {
  const kept = items
    .filter((item): item is T => !isBlank(item) && !(typeof item === 'number' && Number.isNaN(item)))
    .map((item) => (typeof item === 'string' ? (item.trim() as T) : item));
  return [...new Set(kept)].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : String(a).localeCompare(String(b), 'en', { numeric: true }),
  );
}

const numberListSchema = z
  .array(z.preprocess((v: NumberInput) => toNumber(v), z.number({ error: MUST_BE_A_NUMBER }).optional()))
  .transform((items) => normalizeEditableList(items));
const stringListSchema = z.array(z.string().max(255).nullish()).transform((items) => normalizeEditableList(items));

/** Entry names seen: cable_reels, cables, cable_length; the type decides what the value holds. */
export const DEFINITION_ENTRY_TYPES = ['cable_reels', 'cables', 'number[]', 'string[]'] as const;
const entryName = requiredName(NAME_REQUIRED, 100);

export const assetProfileDefinitionEntrySchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      name: entryName,
      type: z.literal('cable_reels'),
      value: z.array(cableReelTypeInputSchema).default([]).transform(assignCatalogueIds),
    }),
    z.object({
      name: entryName,
      type: z.literal('cables'),
      value: z.array(cableTypeInputSchema).default([]).transform(assignCatalogueIds),
    }),
    z.object({ name: entryName, type: z.literal('number[]'), value: numberListSchema.default([]) }),
    z.object({ name: entryName, type: z.literal('string[]'), value: stringListSchema.default([]) }),
  ],
  { error: 'Unknown definition type' },
);
export type AssetProfileDefinitionEntry = z.infer<typeof assetProfileDefinitionEntrySchema>;

export const assetProfileDefinitionSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  type: z.string(),
  definitions: z.array(assetProfileDefinitionEntrySchema),
  ...versionShape,
});
export type AssetProfileDefinition = z.infer<typeof assetProfileDefinitionSchema>;

const definitionFields = {
  name: requiredName(NAME_REQUIRED),
  type: requiredName('The type is required', 100),
  definitions: z.array(assetProfileDefinitionEntrySchema).default([]),
};
export const assetProfileDefinitionInputSchema = z.object(definitionFields);
export type AssetProfileDefinitionInput = z.infer<typeof assetProfileDefinitionInputSchema>;
export const assetProfileDefinitionUpdateInputSchema = z.object({ ...definitionFields, ...versionShape });
export type AssetProfileDefinitionUpdateInput = z.infer<typeof assetProfileDefinitionUpdateInputSchema>;

const nullableNumber = z.preprocess(
  (v: NumberInput) => toNumber(v) ?? null,
  z.number({ error: MUST_BE_A_NUMBER }).nullable(),
);

/** Free text is allowed; text that is a plain number is kept as a number so lengths sort and compute. */
export const cableLengthValueSchema = z
  .union([z.number(), z.string().trim().max(255)], { error: MUST_BE_A_NUMBER })
  .nullish()
  .transform((v) => {
    if (isBlank(v)) return null;
    const n = toNumber(v);
    return typeof n === 'number' && !Number.isNaN(n) ? n : v;
  });

/** cable_reel and cable point at catalogue entries of the asset's profile definition by id. */
export const PROFILE_VALUE_NAMES = ['cable_reel', 'cable', 'cable_length', 'residual_length'] as const;
export const assetProfileValueSchema = z.discriminatedUnion(
  'name',
  [
    z.object({ name: z.literal('cable_reel'), value: referenceSchema(MUST_BE_A_NUMBER).nullable() }),
    z.object({ name: z.literal('cable'), value: referenceSchema(MUST_BE_A_NUMBER).nullable() }),
    z.object({ name: z.literal('cable_length'), value: cableLengthValueSchema }),
    z.object({ name: z.literal('residual_length'), value: nullableNumber }),
  ],
  { error: 'Unknown profile value' },
);
export type AssetProfileValue = z.infer<typeof assetProfileValueSchema>;

const profileData = z
  .array(assetProfileValueSchema)
  .refine((data) => new Set(data.map((d) => d.name)).size === data.length, {
    error: 'Each profile value can appear only once',
  });

export const assetProfileSchema = z.object({
  ...jsonLdShape,
  id: entityIdSchema,
  name: z.string(),
  type: z.string(),
  data: profileData,
  ...versionShape,
});
export type AssetProfile = z.infer<typeof assetProfileSchema>;

/** PUT on an asset profile relation URI; name and type come from the definition and are not editable. */
export const assetProfileUpdateInputSchema = z.object({
  data: profileData,
  /** Sets residual_length back to the cable length; needs CABLE_REEL_RESET (checked on the server). */
  reset_residual_length: z.boolean().optional(),
  ...versionShape,
});
export type AssetProfileUpdateInput = z.infer<typeof assetProfileUpdateInputSchema>;

export const CABLE_REEL_NOT_FOUND = 'Unknown cable reel type';
export const CABLE_NOT_FOUND = 'Unknown cable type';

/** The asset list's profile column (spec 000 s.2: "with cable description and residual length"). */
export const cableSummarySchema = z.object({ cable: z.string().nullable(), residual_length: z.number().nullable() });
export type CableSummary = z.infer<typeof cableSummarySchema>;

/**
 * What the asset keeps of its cable reel profile, so a list row needs no read per profile: the chosen cable
 * type's description (its name when it has none) and the residual length. null when nothing is set.
 */
export function cableSummaryOf(
  data: readonly AssetProfileValue[],
  definition: Pick<AssetProfileDefinition, 'definitions'> | undefined,
): CableSummary | null {
  const value = (name: AssetProfileValue['name']) => data.find((entry) => entry.name === name)?.value ?? null;
  const cableId = value('cable');
  const cables = definition?.definitions.find((entry) => entry.type === 'cables')?.value as
    | { id: number; name: string; data?: { description?: string | null } }[]
    | undefined;
  const cable = cables?.find((item) => item.id === cableId);
  const residual = value('residual_length');
  const summary = {
    cable: cable ? cable.data?.description || cable.name : null,
    residual_length: typeof residual === 'number' ? residual : null,
  };
  return summary.cable === null && summary.residual_length === null ? null : summary;
}
