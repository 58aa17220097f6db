import type { Device } from '@shared/schemas/device';
import { toInputDay } from '../assets/assetFormat';

export interface NamedRef {
  id: number;
  name: string;
}

/** The form holds the asset and profiles as objects (for the pickers); the shared schemas turn them into ids. */
export interface DeviceFormValues {
  name: string;
  model: string;
  notes: string;
  dev_eui: string;
  barcode: string;
  asset: NamedRef | null;
  activation_date: string;
  device_profiles: NamedRef[];
  version?: number;
}

/** The fields a 422's propertyPath can name on this form; other violations become a notice. */
export const DEVICE_FORM_FIELDS = new Set<string>([
  'name',
  'model',
  'notes',
  'dev_eui',
  'barcode',
  'asset',
  'activation_date',
  'device_profiles',
]);

export function deviceFormValues(device: Device | undefined, profileNames: Map<number, string>): DeviceFormValues {
  return {
    name: device?.name ?? '',
    model: device?.model ?? '',
    notes: device?.notes ?? '',
    dev_eui: device?.dev_eui ?? '',
    barcode: device?.barcode ?? '',
    asset: device?.asset ?? null,
    activation_date: toInputDay(device?.activation_date),
    device_profiles: (device?.device_profiles ?? []).map((id) => ({ id, name: profileNames.get(id) ?? `#${id}` })),
    ...(device ? { version: device.version } : {}),
  };
}
