import { amsterdamDay } from '../../loan-days/amsterdam-day';
import { readStockTable } from '../../zone-stock/stock-read';
import { type KindInput, type KindReport, kindRun, labelled, type Texts, tooLarge } from './kind-report';

/**
 * Zone stock: per depot zone and asset profile, the assets inside now against the zone's minimum and maximum:
 * the Stock screen's table (GET /api/stock, stock-read.ts readStockTable) as read for it, one row per cell that
 * has assets or a limit, zones by name. `zones` narrows it to those zones, `outside` to the cells below their
 * minimum or above their maximum. Reads per subscription: the table's own (the tenant's open visits, at most
 * MAX_OPEN_VISITS_READ entries, its zones and their limits). Staff only, as the screen: a depot's stock tells
 * of every customer's assets.
 */
const COLUMNS = [
  { id: 'zone', width: 22 },
  { id: 'profile', width: 22 },
  { id: 'count', width: 10 },
  { id: 'min', width: 10 },
  { id: 'max', width: 10 },
  { id: 'state', width: 12 },
] as const;

interface StockTexts {
  title: string;
  labels: Record<(typeof COLUMNS)[number]['id'], string>;
  noProfile: string;
  states: Record<'ok' | 'below' | 'above', string>;
  attached: (day: string, outside: boolean) => string;
  empty: (day: string, outside: boolean) => string;
}

const TEXTS: Texts<StockTexts> = {
  en: {
    title: 'Zone stock',
    labels: {
      zone: 'Geo zone',
      profile: 'Asset profile',
      count: 'Inside',
      min: 'Minimum',
      max: 'Maximum',
      state: 'State',
    },
    noProfile: 'No profile',
    states: { ok: 'within limits', below: 'below minimum', above: 'above maximum' },
    attached: (day, outside) =>
      `Attached is the stock per zone and asset profile on ${day} against the zone's limits${outside ? ', only what is outside them' : ''}.`,
    empty: (day, outside) =>
      outside
        ? `On ${day} every zone's stock was within its limits: there is no file this time.`
        : `On ${day} no zone held stock or had limits: there is no file this time.`,
  },
  nl: {
    title: 'Voorraad per zone',
    labels: {
      zone: 'Geozone',
      profile: 'Assetprofiel',
      count: 'Binnen',
      min: 'Minimum',
      max: 'Maximum',
      state: 'Status',
    },
    noProfile: 'Geen profiel',
    states: { ok: 'binnen de grenzen', below: 'onder het minimum', above: 'boven het maximum' },
    attached: (day, outside) =>
      `In de bijlage de voorraad per zone en assetprofiel op ${day} tegen de grenzen van de zone${outside ? ', alleen wat erbuiten valt' : ''}.`,
    empty: (day, outside) =>
      outside
        ? `Op ${day} was de voorraad van elke zone binnen de grenzen: er is deze keer geen bestand.`
        : `Op ${day} had geen zone voorraad of grenzen: er is deze keer geen bestand.`,
  },
  de: {
    title: 'Bestand pro Zone',
    labels: {
      zone: 'Geozone',
      profile: 'Assetprofil',
      count: 'Darin',
      min: 'Minimum',
      max: 'Maximum',
      state: 'Zustand',
    },
    noProfile: 'Kein Profil',
    states: { ok: 'innerhalb der Grenzen', below: 'unter dem Minimum', above: 'über dem Maximum' },
    attached: (day, outside) =>
      `Anbei der Bestand pro Zone und Assetprofil am ${day} gegenüber den Grenzen der Zone${outside ? ', nur was außerhalb liegt' : ''}.`,
    empty: (day, outside) =>
      outside
        ? `Am ${day} lag der Bestand jeder Zone innerhalb ihrer Grenzen: Diesmal gibt es keine Datei.`
        : `Am ${day} hatte keine Zone Bestand oder Grenzen: Diesmal gibt es keine Datei.`,
  },
  fr: {
    title: 'Stock par zone',
    labels: {
      zone: 'Zone géographique',
      profile: "Profil d'actif",
      count: 'Présents',
      min: 'Minimum',
      max: 'Maximum',
      state: 'État',
    },
    noProfile: 'Sans profil',
    states: { ok: 'dans les limites', below: 'sous le minimum', above: 'au-dessus du maximum' },
    attached: (day, outside) =>
      `Vous trouverez ci-joint le stock par zone et profil d'actif le ${day} face aux limites de la zone${outside ? ', seulement ce qui les dépasse' : ''}.`,
    empty: (day, outside) =>
      outside
        ? `Le ${day}, le stock de chaque zone était dans ses limites : pas de fichier cette fois.`
        : `Le ${day}, aucune zone n'avait de stock ni de limites : pas de fichier cette fois.`,
  },
};

export function zoneStockReport(input: KindInput): KindReport {
  const language = input.subscription.language;
  const texts = TEXTS[language];
  const outside = input.options.outside === true;
  const day = amsterdamDay(input.due);
  const state = { truncated: false };
  async function* batches() {
    const { table, complete } = await readStockTable(input.owner.tenant);
    state.truncated = !complete;
    const zones = input.options.zones?.length ? new Set(input.options.zones) : undefined;
    const names = new Map(table.profiles.map((profile) => [profile.id, profile.name]));
    yield table.rows
      .filter((row) => !zones || zones.has(row.zone.id))
      .flatMap((row) =>
        row.cells
          .filter(
            (cell) => (cell.count > 0 || cell.min !== null || cell.max !== null) && (!outside || cell.state !== 'ok'),
          )
          .map((cell) => [
            row.zone.name ?? `#${row.zone.id}`,
            cell.profile === null ? texts.noProfile : (names.get(cell.profile) ?? `#${cell.profile}`),
            cell.count,
            cell.min,
            cell.max,
            texts.states[cell.state],
          ]),
      );
  }
  return {
    run: kindRun(input, `ZoneStock.${day}`, `${texts.title} ${day}`, labelled(COLUMNS, texts.labels), batches()),
    words: {
      subject: `${texts.title} ${day}`,
      attached: texts.attached(day, outside),
      empty: texts.empty(day, outside),
      tooLarge: (mb) => tooLarge[language](texts.title, day, mb),
    },
    state,
  };
}
