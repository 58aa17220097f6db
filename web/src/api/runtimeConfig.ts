import { z } from 'zod';

/** /config.json: served by the Vite plugin in dev, deployed next to index.html by CDK in production. */
const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string().min(1),
  /** AppSync Events (docs/decisions, live push): null or absent = no push, the console polls the map's delta. */
  live: z.object({ endpoint: z.string().min(1), region: z.string() }).nullish(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let loaded: RuntimeConfig | undefined;

/** The last config read, for a start without network: the offline shell still needs the API address. */
const LAST_CONFIG_KEY = 'console.runtimeConfig';

async function fetchConfig(): Promise<unknown> {
  try {
    const response = await fetch('/config.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
    const body: unknown = await response.json();
    localStorage.setItem(LAST_CONFIG_KEY, JSON.stringify(body));
    return body;
  } catch (error) {
    // Offline (fetch rejects with a TypeError): the service worker gave us the shell, the last config the rest.
    const last = error instanceof TypeError ? localStorage.getItem(LAST_CONFIG_KEY) : null;
    if (last === null) throw error;
    return JSON.parse(last);
  }
}

/** Called once at boot, before the first render. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const config = runtimeConfigSchema.parse(await fetchConfig());
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
