import type { HydraCollection } from '@shared/hydra';
import { type ColorEntry, colorsDataSchema, resolveColors, SETTING_NAMES } from '@shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/**
 * The tenant's colour settings record (spec 001 s.3, GET /api/frontend-settings?name=colors). The API answers
 * the defaults as an unsaved record (id null) when the tenant has saved none.
 */
export interface ColorsSetting {
  id: number | null;
  name: string;
  data: ColorEntry[];
  version: number | null;
}

export const COLORS_SETTING_KEY = ['frontend-settings', SETTING_NAMES.colors] as const;

async function fetchColorsSetting(): Promise<ColorsSetting> {
  const list = await api.get<HydraCollection<ColorsSetting>>('/api/frontend-settings', {
    query: { name: SETTING_NAMES.colors },
  });
  const record = list['hydra:member'][0];
  // A malformed stored record must not break the console: fall back to the defaults.
  const data = colorsDataSchema.safeParse(record?.data);
  return {
    id: record?.id ?? null,
    name: SETTING_NAMES.colors,
    data: data.success ? data.data : [],
    version: record?.version ?? null,
  };
}

export function useColorsSetting(enabled = true) {
  return useQuery({
    queryKey: COLORS_SETTING_KEY,
    queryFn: fetchColorsSetting,
    enabled,
    staleTime: 5 * 60_000,
    // Without the tenant's colours the console still works in the default ones; no error notice.
    meta: { silent: true },
  });
}

export const coloursOf = (setting: ColorsSetting | undefined) => resolveColors(setting?.data);
