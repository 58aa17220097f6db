import { addDays, amsterdamDay } from '../../loan-days/amsterdam-day';
import { ASSET_COLUMN_LABELS, ASSET_COLUMNS, assetListAnswer, assetRow } from './asset-rows';
import { type KindInput, type KindReport, kindRun, labelled, type Texts, tooLarge } from './kind-report';

/**
 * Overdue assets: the assets whose scheduled day is before the day of the run (Amsterdam), earliest first: the
 * asset list's answer to `scheduled[before]=<the day before>&order[scheduled]=asc` (the filter is inclusive and
 * scheduled dates are days). Staff only: scheduled dates are hidden from client users.
 */
const TEXTS: Texts<{ title: string; attached: (day: string) => string; empty: (day: string) => string }> = {
  en: {
    title: 'Overdue assets',
    attached: (day) => `Attached are the assets whose scheduled date had passed on ${day}, the earliest first.`,
    empty: (day) => `No asset was past its scheduled date on ${day}: there is no file this time.`,
  },
  nl: {
    title: 'Achterstallige assets',
    attached: (day) => `In de bijlage de assets waarvan de geplande datum op ${day} voorbij was, de oudste eerst.`,
    empty: (day) => `Op ${day} was geen asset over de geplande datum: er is deze keer geen bestand.`,
  },
  de: {
    title: 'Überfällige Assets',
    attached: (day) => `Anbei die Assets, deren geplantes Datum am ${day} überschritten war, die ältesten zuerst.`,
    empty: (day) => `Am ${day} war kein Asset über seinem geplanten Datum: Diesmal gibt es keine Datei.`,
  },
  fr: {
    title: 'Actifs en retard',
    attached: (day) =>
      `Vous trouverez ci-joint les actifs dont la date planifiée était passée le ${day}, les plus anciens d'abord.`,
    empty: (day) => `Aucun actif n'avait dépassé sa date planifiée le ${day} : pas de fichier cette fois.`,
  },
};

/** The day whose end the scheduled dates must be before: the day before the run's (Amsterdam). */
export const overdueBefore = (due: Date) => addDays(amsterdamDay(due), -1);

export function overdueAssetsReport(input: KindInput): KindReport {
  const language = input.subscription.language;
  const texts = TEXTS[language];
  const day = amsterdamDay(input.due);
  const state = { truncated: false };
  async function* batches() {
    const answer = await assetListAnswer(input, {
      'scheduled[before]': overdueBefore(input.due),
      'order[scheduled]': 'asc',
    });
    state.truncated = answer.truncated;
    yield answer.assets.map(assetRow);
  }
  return {
    run: kindRun(
      input,
      `OverdueAssets.${day}`,
      `${texts.title} ${day}`,
      labelled(ASSET_COLUMNS, ASSET_COLUMN_LABELS[language]),
      batches(),
    ),
    words: {
      subject: `${texts.title} ${day}`,
      attached: texts.attached(day),
      empty: texts.empty(day),
      tooLarge: (mb) => tooLarge[language](texts.title, day, mb),
    },
    state,
  };
}
