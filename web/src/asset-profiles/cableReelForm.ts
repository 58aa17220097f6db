import { type AssetProfile, assetProfileUpdateInputSchema } from '@shared/schemas/asset-profile';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { AssetProfileSave } from './assetProfilesApi';

/** The cable reel block's form: the catalogue entries by id (as text) and the cable length as typed. */
export interface CableReelValues {
  cable_reel: string;
  cable: string;
  cable_length: string;
  version?: number;
}

/** The profile values the block edits, in the order it sends them. */
const EDITED = ['cable_reel', 'cable', 'cable_length'] as const;
export const CABLE_REEL_FIELDS = new Set<string>(EDITED);
export const EMPTY_CABLE_REEL: CableReelValues = { cable_reel: '', cable: '', cable_length: '' };

export const valueIn = (profile: AssetProfile, name: string) =>
  profile.data.find((entry) => entry.name === name)?.value ?? null;

export const toCableReelForm = (profile: AssetProfile): CableReelValues => ({
  cable_reel: String(valueIn(profile, 'cable_reel') ?? ''),
  cable: String(valueIn(profile, 'cable') ?? ''),
  cable_length: String(valueIn(profile, 'cable_length') ?? ''),
  version: profile.version,
});

/** The PUT the form becomes: the three values (the residual length is the server's), with the version read. */
export const toProfileSave = (values: CableReelValues): AssetProfileSave => ({
  data: [
    { name: 'cable_reel', value: values.cable_reel ? Number(values.cable_reel) : null },
    { name: 'cable', value: values.cable ? Number(values.cable) : null },
    { name: 'cable_length', value: values.cable_length },
  ] as AssetProfileSave['data'],
  version: values.version ?? 0,
});

/** The shared schema checks the PUT the form becomes; a value's problem lands on its field (`data.N` its Nth). */
export const cableReelResolver: Resolver<CableReelValues, unknown, AssetProfileSave> = async (values) => {
  const payload = toProfileSave(values);
  const checked = assetProfileUpdateInputSchema.safeParse(payload);
  if (checked.success) return { values: payload, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of checked.error.issues) {
    const [root, index] = issue.path;
    const field = root === 'data' && typeof index === 'number' ? (EDITED[index] ?? 'data') : String(root ?? 'data');
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<CableReelValues> };
};
