import { REPORT_ROW_LIMIT } from '../../../../shared/schemas/report-kinds';
import { PRODUCT_TIME_ZONE } from '../../../../shared/wall-clock';
import { deviceListRequestOf } from '../../devices/device-list-request';
import { listDevices } from '../../devices/device-query';
import type { DeviceRecord } from '../../devices/device-repository';
import { dateTimeFormatter } from '../../exports/export-values';
import { amsterdamDay } from '../../loan-days/amsterdam-day';
import { type KindInput, type KindReport, kindRun, labelled, type Texts, tooLarge } from './kind-report';

/**
 * Tag health: the tags not heard for more than `hours` hours before the run among those the silent-tag job
 * found late or silent, and the tags reporting a low battery. Two answers of GET /api/devices through its own
 * request parsing and read plans with the subscriber as the caller (`connectivity=late,silent` and
 * `batteryLevelLow=true`, each unpaged: REPORT_ROW_LIMIT devices), joined by id in id order. A tag never heard
 * is not in service yet, so it is no silent tag here. Reads per subscription: two such answers. Staff only
 * (devices are hidden from client users); the whole tenant's tags, whatever customer.
 */
const COLUMNS = [
  { id: 'id', width: 8 },
  { id: 'tag', width: 20 },
  { id: 'devEui', width: 18 },
  { id: 'asset', width: 22 },
  { id: 'connectivity', width: 12 },
  { id: 'heardAt', width: 16 },
  { id: 'problem', width: 22 },
] as const;

interface TagTexts {
  title: string;
  labels: Record<(typeof COLUMNS)[number]['id'], string>;
  silent: (hours: number) => string;
  battery: string;
  attached: (hours: number, day: string) => string;
  empty: (hours: number, day: string) => string;
}

const TEXTS: Texts<TagTexts> = {
  en: {
    title: 'Tag health',
    labels: {
      id: 'ID',
      tag: 'Tag',
      devEui: 'DEVEUI',
      asset: 'Asset',
      connectivity: 'Connectivity',
      heardAt: 'Last heard',
      problem: 'Problem',
    },
    silent: (hours) => `silent over ${hours} h`,
    battery: 'battery low',
    attached: (hours, day) =>
      `Attached are the tags not heard for more than ${hours} hours or with a low battery on ${day}.`,
    empty: (hours, day) =>
      `On ${day} every tag was heard within ${hours} hours and none had a low battery: there is no file this time.`,
  },
  nl: {
    title: 'Tagstatus',
    labels: {
      id: 'ID',
      tag: 'Tag',
      devEui: 'DEVEUI',
      asset: 'Asset',
      connectivity: 'Verbinding',
      heardAt: 'Laatst gehoord',
      problem: 'Probleem',
    },
    silent: (hours) => `stil langer dan ${hours} u`,
    battery: 'batterij bijna leeg',
    attached: (hours, day) =>
      `In de bijlage de tags die op ${day} meer dan ${hours} uur niet gehoord zijn of een bijna lege batterij hebben.`,
    empty: (hours, day) =>
      `Op ${day} was elke tag binnen ${hours} uur gehoord en had geen een bijna lege batterij: er is deze keer geen bestand.`,
  },
  de: {
    title: 'Tag-Zustand',
    labels: {
      id: 'ID',
      tag: 'Tag',
      devEui: 'DEVEUI',
      asset: 'Asset',
      connectivity: 'Verbindung',
      heardAt: 'Zuletzt gehört',
      problem: 'Problem',
    },
    silent: (hours) => `still über ${hours} Std.`,
    battery: 'Batterie schwach',
    attached: (hours, day) =>
      `Anbei die Tags, die am ${day} seit mehr als ${hours} Stunden nicht gehört wurden oder eine schwache Batterie haben.`,
    empty: (hours, day) =>
      `Am ${day} war jeder Tag innerhalb von ${hours} Stunden zu hören und keiner hatte eine schwache Batterie: Diesmal gibt es keine Datei.`,
  },
  fr: {
    title: 'État des balises',
    labels: {
      id: 'ID',
      tag: 'Balise',
      devEui: 'DEVEUI',
      asset: 'Actif',
      connectivity: 'Connectivité',
      heardAt: 'Dernier signal',
      problem: 'Problème',
    },
    silent: (hours) => `muette depuis plus de ${hours} h`,
    battery: 'batterie faible',
    attached: (hours, day) =>
      `Vous trouverez ci-joint les balises muettes depuis plus de ${hours} heures ou à batterie faible le ${day}.`,
    empty: (hours, day) =>
      `Le ${day}, toutes les balises avaient émis dans les ${hours} heures et aucune n'avait de batterie faible : pas de fichier cette fois.`,
  },
};

const HOUR_MS = 3_600_000;

/** One unpaged answer of the device list for `query`, as the owner asks it. */
async function deviceListAnswer(input: KindInput, query: Record<string, string>) {
  const { request } = deviceListRequestOf(
    new URLSearchParams({ ...query, pagination: 'false' }).toString(),
    input.owner,
  );
  const result = await listDevices(input.owner.tenant, { ...request, itemsPerPage: REPORT_ROW_LIMIT });
  return { devices: result.items, truncated: !result.totalExact || result.total > result.items.length };
}

/** Whether a late or silent tag was last heard more than `hours` before `due`. */
export const silentLongerThan = (device: Pick<DeviceRecord, 'heard_at'>, hours: number, due: Date) =>
  device.heard_at !== undefined && Date.parse(device.heard_at) < due.getTime() - hours * HOUR_MS;

export function tagHealthReport(input: KindInput): KindReport {
  const language = input.subscription.language;
  const texts = TEXTS[language];
  const hours = input.options.hours ?? 1;
  const day = amsterdamDay(input.due);
  const state = { truncated: false };
  const at = dateTimeFormatter(PRODUCT_TIME_ZONE);
  async function* batches() {
    const [quiet, low] = await Promise.all([
      deviceListAnswer(input, { connectivity: 'late,silent' }),
      deviceListAnswer(input, { batteryLevelLow: 'true' }),
    ]);
    state.truncated = quiet.truncated || low.truncated;
    const rows = new Map<number, { device: DeviceRecord; problems: string[] }>();
    const add = (device: DeviceRecord, problem: string) => {
      const row = rows.get(device.id) ?? { device, problems: [] };
      row.problems.push(problem);
      rows.set(device.id, row);
    };
    for (const device of quiet.devices)
      if (silentLongerThan(device, hours, input.due)) add(device, texts.silent(hours));
    for (const device of low.devices) add(device, texts.battery);
    yield [...rows.values()]
      .sort((a, b) => a.device.id - b.device.id)
      .map(({ device, problems }) => [
        device.id,
        device.name ?? null,
        device.dev_eui,
        device.asset?.name ?? null,
        device.connectivity ?? 'never',
        at(device.heard_at),
        problems.join(', '),
      ]);
  }
  return {
    run: kindRun(input, `TagHealth.${day}`, `${texts.title} ${day}`, labelled(COLUMNS, texts.labels), batches()),
    words: {
      subject: `${texts.title} ${day}`,
      attached: texts.attached(hours, day),
      empty: texts.empty(hours, day),
      tooLarge: (mb) => tooLarge[language](texts.title, day, mb),
    },
    state,
  };
}
