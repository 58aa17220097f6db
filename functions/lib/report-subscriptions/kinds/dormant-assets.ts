import { READ_BUDGET } from '../../../../shared/hydra';
import { REPORT_ROW_LIMIT } from '../../../../shared/schemas/report-kinds';
import { PRODUCT_TIME_ZONE } from '../../../../shared/wall-clock';
import { readMapMarkers } from '../../assets/asset-map';
import { assetViewerOf } from '../../assets/asset-view';
import { dateTimeFormatter } from '../../exports/export-values';
import { amsterdamDay } from '../../loan-days/amsterdam-day';
import { type KindInput, type KindReport, kindRun, labelled, type Texts, tooLarge } from './kind-report';

/**
 * Dormant assets: the positioned assets whose last location update (the map marker's `updated`: the last
 * located event, or else the last event) is more than `days` days before the run, the longest quiet first. The
 * markers are GET /api/assets/map's own read (asset-map.ts readMapMarkers) in the owner's scope: a client
 * user's customer range of the map index, a staff owner's whole map or the customer asked for. An asset never
 * positioned has no marker and is not in the report. Reads per subscription: at most READ_BUDGET (20,000) map
 * index entries (the map's entries are ~0.4 kB, no asset item is read); the report holds the REPORT_ROW_LIMIT
 * quietest of them.
 */
const COLUMNS = [
  { id: 'id', width: 8 },
  { id: 'asset', width: 26 },
  { id: 'located', width: 16 },
  { id: 'days', width: 10 },
  { id: 'latitude', width: 12 },
  { id: 'longitude', width: 12 },
] as const;

const TEXTS: Texts<{
  title: string;
  labels: Record<(typeof COLUMNS)[number]['id'], string>;
  attached: (days: number, day: string) => string;
  empty: (days: number, day: string) => string;
}> = {
  en: {
    title: 'Dormant assets',
    labels: {
      id: 'ID',
      asset: 'Asset',
      located: 'Last located',
      days: 'Days',
      latitude: 'Latitude',
      longitude: 'Longitude',
    },
    attached: (days, day) =>
      `Attached are the assets not located for more than ${days} days on ${day}, the longest quiet first.`,
    empty: (days, day) =>
      `On ${day} every positioned asset had been located within ${days} days: there is no file this time.`,
  },
  nl: {
    title: 'Slapende assets',
    labels: {
      id: 'ID',
      asset: 'Asset',
      located: 'Laatst gelokaliseerd',
      days: 'Dagen',
      latitude: 'Breedtegraad',
      longitude: 'Lengtegraad',
    },
    attached: (days, day) =>
      `In de bijlage de assets die op ${day} meer dan ${days} dagen niet gelokaliseerd zijn, de langst stille eerst.`,
    empty: (days, day) =>
      `Op ${day} was elke gepositioneerde asset binnen ${days} dagen gelokaliseerd: er is deze keer geen bestand.`,
  },
  de: {
    title: 'Ruhende Assets',
    labels: {
      id: 'ID',
      asset: 'Asset',
      located: 'Zuletzt geortet',
      days: 'Tage',
      latitude: 'Breitengrad',
      longitude: 'Längengrad',
    },
    attached: (days, day) =>
      `Anbei die Assets, die am ${day} seit mehr als ${days} Tagen nicht geortet wurden, die am längsten stillen zuerst.`,
    empty: (days, day) =>
      `Am ${day} war jedes positionierte Asset innerhalb von ${days} Tagen geortet: Diesmal gibt es keine Datei.`,
  },
  fr: {
    title: 'Actifs dormants',
    labels: {
      id: 'ID',
      asset: 'Actif',
      located: 'Dernière localisation',
      days: 'Jours',
      latitude: 'Latitude',
      longitude: 'Longitude',
    },
    attached: (days, day) =>
      `Vous trouverez ci-joint les actifs non localisés depuis plus de ${days} jours le ${day}, les plus anciens d'abord.`,
    empty: (days, day) =>
      `Le ${day}, chaque actif positionné avait été localisé dans les ${days} jours : pas de fichier cette fois.`,
  },
};

const DAY_MS = 86_400_000;

export function dormantAssetsReport(input: KindInput): KindReport {
  const language = input.subscription.language;
  const texts = TEXTS[language];
  const days = input.options.days ?? 1;
  const day = amsterdamDay(input.due);
  const bound = Math.floor((input.due.getTime() - days * DAY_MS) / 1000);
  const state = { truncated: false };
  const at = dateTimeFormatter(PRODUCT_TIME_ZONE);
  async function* batches() {
    const viewer = await assetViewerOf(input.owner);
    // As the map route: a client user's own customer (none: an empty range), a staff owner's chosen one or all.
    const clientId = viewer.kind === 'client' ? (viewer.clientId ?? 0) : (input.subscription.client_id ?? undefined);
    const read = await readMapMarkers(input.owner.tenant, { clientId, budget: { markers: READ_BUDGET } });
    const quiet = read.markers
      .filter((marker) => marker[5] !== null && marker[5] < bound)
      .sort((a, b) => (a[5] as number) - (b[5] as number) || a[0] - b[0]);
    state.truncated = !read.complete || quiet.length > REPORT_ROW_LIMIT;
    yield quiet.slice(0, REPORT_ROW_LIMIT).map(([id, name, , latitude, longitude, updated]) => {
      const ms = (updated as number) * 1000;
      return [
        id,
        name,
        at(new Date(ms).toISOString()),
        Math.floor((input.due.getTime() - ms) / DAY_MS),
        latitude,
        longitude,
      ];
    });
  }
  return {
    run: kindRun(input, `DormantAssets.${day}`, `${texts.title} ${day}`, labelled(COLUMNS, texts.labels), batches()),
    words: {
      subject: `${texts.title} ${day}`,
      attached: texts.attached(days, day),
      empty: texts.empty(days, day),
      tooLarge: (mb) => tooLarge[language](texts.title, day, mb),
    },
    state,
  };
}
