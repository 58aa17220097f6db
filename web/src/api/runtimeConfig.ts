import { z } from 'zod';

/** /config.json: served by the Vite plugin in dev, deployed next to index.html by CDK in production. */
const runtimeConfigSchema = z.object({ apiBaseUrl: z.string().min(1) });
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let loaded: RuntimeConfig | undefined;

/** Called once at boot, before the first render. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  const config = runtimeConfigSchema.parse(await response.json());
  loaded = { apiBaseUrl: config.apiBaseUrl.replace(/\/+$/, '') };
  return loaded;
}

/** The API root without a trailing slash. The single place to add the tenant subdomain prefix (spec 001 s.4). */
export function apiBaseUrl(): string {
  if (!loaded) throw new Error('loadRuntimeConfig() has not finished');
  return loaded.apiBaseUrl;
}
