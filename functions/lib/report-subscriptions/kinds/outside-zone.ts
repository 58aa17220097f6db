import { amsterdamDay } from '../../loan-days/amsterdam-day';
import { ASSET_COLUMN_LABELS, ASSET_COLUMNS, assetListAnswer, assetRow } from './asset-rows';
import { type KindInput, type KindReport, kindRun, labelled, type Texts, tooLarge } from './kind-report';

/**
 * Outside their zone: the assets whose days outside their geo zone (the loan-day count the list shows, reset by
 * a planner) exceed `days`, the most first. The asset list's answer in its default order
 * (`order[days_outside_geo_zone]=desc`), kept while the count exceeds `days`: the first asset at or below it
 * ends the report. Staff only: zones and the count are hidden from client users.
 */
const TEXTS: Texts<{
  title: string;
  attached: (days: number, day: string) => string;
  empty: (days: number, day: string) => string;
}> = {
  en: {
    title: 'Assets outside their zone',
    attached: (days, day) =>
      `Attached are the assets outside their geo zone for more than ${days} days on ${day}, the longest first.`,
    empty: (days, day) =>
      `On ${day} no asset had been outside its geo zone for more than ${days} days: there is no file this time.`,
  },
  nl: {
    title: 'Assets buiten hun zone',
    attached: (days, day) =>
      `In de bijlage de assets die op ${day} meer dan ${days} dagen buiten hun geozone waren, de langste eerst.`,
    empty: (days, day) =>
      `Op ${day} was geen asset meer dan ${days} dagen buiten zijn geozone: er is deze keer geen bestand.`,
  },
  de: {
    title: 'Assets außerhalb ihrer Zone',
    attached: (days, day) =>
      `Anbei die Assets, die am ${day} seit mehr als ${days} Tagen außerhalb ihrer Geozone sind, die längsten zuerst.`,
    empty: (days, day) =>
      `Am ${day} war kein Asset seit mehr als ${days} Tagen außerhalb seiner Geozone: Diesmal gibt es keine Datei.`,
  },
  fr: {
    title: 'Actifs hors de leur zone',
    attached: (days, day) =>
      `Vous trouverez ci-joint les actifs hors de leur zone géographique depuis plus de ${days} jours le ${day}, les plus longs d'abord.`,
    empty: (days, day) =>
      `Le ${day}, aucun actif n'était hors de sa zone géographique depuis plus de ${days} jours : pas de fichier cette fois.`,
  },
};

export function outsideZoneReport(input: KindInput): KindReport {
  const language = input.subscription.language;
  const texts = TEXTS[language];
  const days = input.options.days ?? 1;
  const day = amsterdamDay(input.due);
  const state = { truncated: false };
  async function* batches() {
    const answer = await assetListAnswer(input, { 'order[days_outside_geo_zone]': 'desc' });
    const over = answer.assets.filter((asset) => (asset.days_outside_geo_zone ?? 0) > days);
    // Cut off only when the answer ended while still above the bound.
    const last = answer.last;
    state.truncated = answer.truncated && (last?.days_outside_geo_zone ?? 0) > days;
    yield over.map(assetRow);
  }
  return {
    run: kindRun(
      input,
      `OutsideZone.${day}`,
      `${texts.title} ${day}`,
      labelled(ASSET_COLUMNS, ASSET_COLUMN_LABELS[language]),
      batches(),
    ),
    words: {
      subject: `${texts.title} ${day}`,
      attached: texts.attached(days, day),
      empty: texts.empty(days, day),
      tooLarge: (mb) => tooLarge[language](texts.title, day, mb),
    },
    state,
  };
}
