import { z } from 'zod';

/** /config.json: served by the Vite plugin in dev, deployed next to index.html by CDK in production. */
const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string().min(1),
  /** AppSync Events (docs/decisions, live push): null or absent = no push, the console polls the map's delta. */
  live: z.object({ endpoint: z.string().min(1), region: z.string() }).nullish(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let loaded: RuntimeConfig | undefined;

/** Called once at boot, before the first render. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  const config = runtimeConfigSchema.parse(await response.json());
  loaded = { apiBaseUrl: config.apiBaseUrl.replace(/\/+$/, ''), live: config.live ?? null };
  return loaded;
}

/** The API root without a trailing slash. The single place to add the tenant subdomain prefix (spec 001 s.4). */
export function apiBaseUrl(): string {
  if (!loaded) throw new Error('loadRuntimeConfig() has not finished');
  return loaded.apiBaseUrl;
}

/** The push service's endpoint and region, or null when the console has none (it then polls). */
export function liveConfig(): { endpoint: string; region: string } | null {
  return loaded?.live ?? null;
}
