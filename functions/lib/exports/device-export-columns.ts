import type { ExportLanguage } from '../../../shared/schemas/export';
import type { DeviceRecord } from '../devices/device-repository';
import { labelColumns } from './build-export-run';
import { DEVICE_COLUMN_IDS, type DeviceColumnId } from './device-export-request';
import type { CellValue, ExportColumn } from './export-table';
import { formatDay } from './export-values';

/**
 * The /devices table's columns (spec 000 s.2: ID, Asset, Sensor name, Model, DEVEUI, Battery status, Notes,
 * Last communication, Device activation date) as export cells, in the reader's language. The words are the
 * console's (web/src/i18n/features/devices), kept here so the export worker's bundle does not carry the screen's files.
 */
export interface DeviceExportTexts {
  title: string;
  columns: Record<DeviceColumnId, string>;
  battery: { low: string; ok: string };
  sabotaged: string;
}

const columns = (asset: string, name: string, battery: string, notes: string, last: string, activation: string) => ({
  id: 'ID',
  asset,
  name,
  model: 'Model',
  'dev-eui': 'DEVEUI',
  'battery-status': battery,
  notes,
  'last-communication': last,
  'activation-date': activation,
});

export const DEVICE_EXPORT_TEXTS: Record<ExportLanguage, DeviceExportTexts> = {
  en: {
    title: 'Devices',
    columns: columns('Asset', 'Sensor name', 'Battery status', 'Notes', 'Last communication', 'Device activation date'),
    battery: { low: 'Low', ok: 'OK' },
    sabotaged: 'Sabotaged',
  },
  nl: {
    title: 'Apparaten',
    columns: columns(
      'Asset',
      'Sensornaam',
      'Batterijstatus',
      'Notities',
      'Laatste communicatie',
      'Activeringsdatum apparaat',
    ),
    battery: { low: 'Laag', ok: 'OK' },
    sabotaged: 'Gesaboteerd',
  },
  de: {
    title: 'Geräte',
    columns: columns(
      'Asset',
      'Sensorname',
      'Batteriestatus',
      'Notizen',
      'Letzte Kommunikation',
      'Aktivierungsdatum des Geräts',
    ),
    battery: { low: 'Niedrig', ok: 'OK' },
    sabotaged: 'Sabotiert',
  },
  fr: {
    title: 'Appareils',
    columns: columns(
      'Asset',
      'Nom du capteur',
      'État de la batterie',
      'Notes',
      'Dernière communication',
      "Date d'activation de l'appareil",
    ),
    battery: { low: 'Faible', ok: 'OK' },
    sabotaged: 'Saboté',
  },
};

interface DeviceCellContext {
  texts: DeviceExportTexts;
  dateTime: (value: string | null | undefined) => string;
}

const WIDTHS: Record<DeviceColumnId, number> = {
  id: 5,
  asset: 18,
  name: 16,
  model: 14,
  'dev-eui': 18,
  'battery-status': 9,
  notes: 20,
  'last-communication': 17,
  'activation-date': 12,
};

const CELLS: Record<DeviceColumnId, (device: DeviceRecord, context: DeviceCellContext) => CellValue> = {
  id: (d) => d.id,
  asset: (d) => d.asset?.name ?? '',
  // Sabotage is a marker in the list; in a file, a word after the name.
  name: (d, c) => (d.is_sabotaged ? `${d.name ?? ''} (${c.texts.sabotaged})` : (d.name ?? '')),
  model: (d) => d.model ?? '',
  'dev-eui': (d) => d.dev_eui,
  'battery-status': (d, c) => (d.battery_level_low ? c.texts.battery.low : c.texts.battery.ok),
  notes: (d) => d.notes ?? '',
  'last-communication': (d, c) => c.dateTime(d.last_event?.date),
  'activation-date': (d) => formatDay(d.activation_date),
};

/** The requested columns in their order, else all of them. */
export const deviceExportColumns = (
  requested: readonly DeviceColumnId[] | undefined,
  texts: DeviceExportTexts,
): ExportColumn[] =>
  labelColumns(
    requested ?? DEVICE_COLUMN_IDS,
    (id) => texts.columns[id],
    (id) => WIDTHS[id],
  );

export const deviceRow = (device: DeviceRecord, cols: readonly ExportColumn[], context: DeviceCellContext) =>
  cols.map((column) => CELLS[column.id as DeviceColumnId](device, context));
