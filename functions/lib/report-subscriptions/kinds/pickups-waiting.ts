import { REPORT_ROW_LIMIT } from '../../../../shared/schemas/report-kinds';
import { PRODUCT_TIME_ZONE } from '../../../../shared/wall-clock';
import { assetViewerOf } from '../../assets/asset-view';
import { dateTimeFormatter } from '../../exports/export-values';
import { amsterdamDay } from '../../loan-days/amsterdam-day';
import { listPickups } from '../../pickups/pickup-list';
import { userNamesOf } from '../../pickups/pickup-users';
import { type KindInput, type KindReport, kindRun, labelled, type Texts, tooLarge } from './kind-report';

/**
 * Pickups waiting: the assets reported empty whose pickup was asked for more than `hours` hours before the run,
 * longest waiting first. The rows are GET /api/pickups's own answer (pickup-list.ts) for the owner, one page of
 * REPORT_ROW_LIMIT (the list is in request order, so the long waits come first and the rest are cut off): at
 * most that many queue entries and their assets are read per subscription. A client user's are their customer's.
 */
const COLUMNS = [
  { id: 'id', width: 8 },
  { id: 'asset', width: 24 },
  { id: 'customer', width: 20 },
  { id: 'requestedAt', width: 16 },
  { id: 'hours', width: 10 },
  { id: 'requestedBy', width: 18 },
  { id: 'place', width: 20 },
] as const;

const TEXTS: Texts<{
  title: string;
  labels: Record<(typeof COLUMNS)[number]['id'], string>;
  attached: (hours: number, day: string) => string;
  empty: (hours: number, day: string) => string;
}> = {
  en: {
    title: 'Pickups waiting',
    labels: {
      id: 'ID',
      asset: 'Asset',
      customer: 'Customer',
      requestedAt: 'Reported empty',
      hours: 'Hours waiting',
      requestedBy: 'Reported by',
      place: 'Place',
    },
    attached: (hours, day) =>
      `Attached are the assets reported empty and waiting for a pickup for more than ${hours} hours on ${day}, the longest waiting first.`,
    empty: (hours, day) =>
      `On ${day} no asset had been waiting for a pickup for more than ${hours} hours: there is no file this time.`,
  },
  nl: {
    title: 'Wachtende ophalingen',
    labels: {
      id: 'ID',
      asset: 'Asset',
      customer: 'Klant',
      requestedAt: 'Leeg gemeld',
      hours: 'Uren wachtend',
      requestedBy: 'Gemeld door',
      place: 'Plaats',
    },
    attached: (hours, day) =>
      `In de bijlage de assets die leeg gemeld zijn en op ${day} al meer dan ${hours} uur op ophalen wachten, de langst wachtende eerst.`,
    empty: (hours, day) =>
      `Op ${day} wachtte geen asset meer dan ${hours} uur op ophalen: er is deze keer geen bestand.`,
  },
  de: {
    title: 'Wartende Abholungen',
    labels: {
      id: 'ID',
      asset: 'Asset',
      customer: 'Kunde',
      requestedAt: 'Leer gemeldet',
      hours: 'Stunden wartend',
      requestedBy: 'Gemeldet von',
      place: 'Ort',
    },
    attached: (hours, day) =>
      `Anbei die leer gemeldeten Assets, die am ${day} seit mehr als ${hours} Stunden auf die Abholung warten, die am längsten wartenden zuerst.`,
    empty: (hours, day) =>
      `Am ${day} wartete kein Asset seit mehr als ${hours} Stunden auf die Abholung: Diesmal gibt es keine Datei.`,
  },
  fr: {
    title: 'Enlèvements en attente',
    labels: {
      id: 'ID',
      asset: 'Actif',
      customer: 'Client',
      requestedAt: 'Signalé vide',
      hours: "Heures d'attente",
      requestedBy: 'Signalé par',
      place: 'Lieu',
    },
    attached: (hours, day) =>
      `Vous trouverez ci-joint les actifs signalés vides qui attendaient un enlèvement depuis plus de ${hours} heures le ${day}, les plus anciens d'abord.`,
    empty: (hours, day) =>
      `Le ${day}, aucun actif n'attendait un enlèvement depuis plus de ${hours} heures : pas de fichier cette fois.`,
  },
};

const HOUR_MS = 3_600_000;

export function pickupsWaitingReport(input: KindInput): KindReport {
  const language = input.subscription.language;
  const texts = TEXTS[language];
  const hours = input.options.hours ?? 1;
  const day = amsterdamDay(input.due);
  const since = input.due.getTime() - hours * HOUR_MS;
  const state = { truncated: false };
  const at = dateTimeFormatter(PRODUCT_TIME_ZONE);
  async function* batches() {
    const { owner } = input;
    const viewer = await assetViewerOf(owner);
    const names = (ids: number[]) => userNamesOf(owner.tenant, ids);
    const list = await listPickups(owner.tenant, viewer, 1, REPORT_ROW_LIMIT, names);
    // A staff owner's customer narrows the tenant's queue; a client owner's queue is their customer's already.
    const customer = input.subscription.client_id;
    const waiting = list.members.filter(
      (pickup) => Date.parse(pickup.requested_at) < since && (customer === null || pickup.customer?.id === customer),
    );
    // Only a full answer whose every entry still waits long enough may have more beyond it.
    state.truncated = list.total > list.members.length && Date.parse(list.members.at(-1)?.requested_at ?? '') < since;
    yield waiting.map((pickup) => [
      pickup.asset.id,
      pickup.asset.name,
      pickup.customer ? (pickup.customer.company ?? `#${pickup.customer.id}`) : null,
      at(pickup.requested_at),
      Math.floor((input.due.getTime() - Date.parse(pickup.requested_at)) / HOUR_MS),
      pickup.requested_by?.name ?? null,
      [pickup.position?.street, pickup.position?.city].filter(Boolean).join(', ') || null,
    ]);
  }
  return {
    run: kindRun(input, `PickupsWaiting.${day}`, `${texts.title} ${day}`, labelled(COLUMNS, texts.labels), batches()),
    words: {
      subject: `${texts.title} ${day}`,
      attached: texts.attached(hours, day),
      empty: texts.empty(hours, day),
      tooLarge: (mb) => tooLarge[language](texts.title, day, mb),
    },
    state,
  };
}
