import type { z } from 'zod';
import { VERSION_REQUIRED } from '../../../shared/schemas/common';
import type { TenantContext } from '../data/tenant-context';
import { conflict, unprocessable } from '../http/errors';
import { settingIdOf, settingRepository } from './setting-repository';

/**
 * A tenant-wide policy kept as one settings record with a fixed id (retention periods, who must use a second
 * factor): read with the product defaults while none is saved or the stored one no longer parses, saved with
 * the version read (null for the first save), so two administrators' edits never silently overwrite each other.
 */
export function tenantPolicySetting<T extends object>(name: string, schema: z.ZodType<T>, defaults: T) {
  const id = settingIdOf(name) as number;

  async function read(ctx: TenantContext): Promise<T & { version: number | null }> {
    const record = await settingRepository.get(ctx, id);
    const parsed = schema.safeParse(record?.data);
    return { ...(parsed.success ? parsed.data : defaults), version: record?.version ?? null };
  }

  /** `input` was validated against the shared schema by the route. */
  async function save(ctx: TenantContext, input: T & { version: number | null }): Promise<T & { version: number }> {
    const { version, ...data } = input;
    const stored = await settingRepository.get(ctx, id);
    if (stored && version === null) throw unprocessable([{ propertyPath: 'version', message: VERSION_REQUIRED }]);
    if (stored) {
      const saved = await settingRepository.update(ctx, id, version as number, () => ({ name, data }));
      return { ...(data as unknown as T), version: saved.version };
    }
    // Two first saves at once: the second one saw no record and must read again.
    const saved = await settingRepository.create(ctx, { name, data }, { id, cancelled: () => conflict() });
    return { ...(data as unknown as T), version: saved.version };
  }

  return { read, save };
}
