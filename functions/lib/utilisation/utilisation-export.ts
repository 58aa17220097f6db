import type { ExportLanguage } from '../../../shared/schemas/export';
import type { UtilisationFigures, UtilisationMonth } from '../../../shared/schemas/utilisation';
import type { AuthContext } from '../auth/auth-context';
import { buildRowsRun, labelColumns } from '../exports/build-export-run';
import type { ExportFileOptions } from '../exports/export-request';
import type { ExportRow } from '../exports/export-table';
import type { ExportRun } from '../exports/run-export';
import { readUtilisation } from './utilisation-report';

/**
 * A month's utilisation as a file (the scheduled report's `utilisation` kind): the figures GET /api/utilisation
 * answers for that month in the owner's scope, a row per asset profile, per customer and the month's total.
 */
const FIGURE_IDS = ['assets', 'owned', 'onHire', 'idle', 'unknown', 'utilisation', 'cycles', 'averageCycle'] as const;
type TextId = 'title' | 'group' | 'name' | 'profile' | 'customer' | 'total' | 'noProfile' | 'noCustomer';

const TEXTS: Record<ExportLanguage, Record<TextId | (typeof FIGURE_IDS)[number], string>> = {
  en: {
    title: 'Utilisation',
    group: 'By',
    name: 'Name',
    profile: 'Asset profile',
    customer: 'Customer',
    total: 'Total',
    noProfile: 'No profile',
    noCustomer: 'No customer',
    assets: 'Assets',
    owned: 'Days owned',
    onHire: 'On hire',
    idle: 'Idle at depot',
    unknown: 'Unknown',
    utilisation: 'Utilisation %',
    cycles: 'Cycles',
    averageCycle: 'Average cycle (days)',
  },
  nl: {
    title: 'Benutting',
    group: 'Per',
    name: 'Naam',
    profile: 'Assetprofiel',
    customer: 'Klant',
    total: 'Totaal',
    noProfile: 'Geen profiel',
    noCustomer: 'Geen klant',
    assets: 'Assets',
    owned: 'Dagen in bezit',
    onHire: 'Verhuurd',
    idle: 'Stil in depot',
    unknown: 'Onbekend',
    utilisation: 'Benutting %',
    cycles: 'Rondgangen',
    averageCycle: 'Gemiddelde rondgang (dagen)',
  },
  de: {
    title: 'Auslastung',
    group: 'Nach',
    name: 'Name',
    profile: 'Asset-Profil',
    customer: 'Kunde',
    total: 'Summe',
    noProfile: 'Kein Profil',
    noCustomer: 'Kein Kunde',
    assets: 'Assets',
    owned: 'Tage im Bestand',
    onHire: 'Vermietet',
    idle: 'Im Depot',
    unknown: 'Unbekannt',
    utilisation: 'Auslastung %',
    cycles: 'Umläufe',
    averageCycle: 'Durchschnittlicher Umlauf (Tage)',
  },
  fr: {
    title: 'Utilisation',
    group: 'Par',
    name: 'Nom',
    profile: "Profil d'actif",
    customer: 'Client',
    total: 'Total',
    noProfile: 'Sans profil',
    noCustomer: 'Sans client',
    assets: 'Actifs',
    owned: 'Jours de possession',
    onHire: 'En location',
    idle: "À l'arrêt au dépôt",
    unknown: 'Inconnu',
    utilisation: "Taux d'utilisation %",
    cycles: 'Rotations',
    averageCycle: 'Rotation moyenne (jours)',
  },
};

const figureCells = (f: UtilisationFigures): ExportRow => [
  f.assets,
  f.days_owned,
  f.days_on_hire,
  f.days_idle,
  f.days_unknown,
  f.utilisation === null ? null : Math.round(f.utilisation * 1000) / 10,
  f.cycles,
  f.average_cycle_days,
];

/** The month's rows: its profiles, its customers, then its total; none when no asset was owned that month. */
export function utilisationRows(month: UtilisationMonth, language: ExportLanguage): ExportRow[] {
  if (month.total.days_owned === 0) return [];
  const texts = TEXTS[language];
  return [
    ...month.profiles.map((p) => [texts.profile, p.profile?.name ?? texts.noProfile, ...figureCells(p.figures)]),
    ...month.clients.map((c) => [
      texts.customer,
      c.client ? (c.client.company ?? `#${c.client.id}`) : texts.noCustomer,
      ...figureCells(c.figures),
    ]),
    [texts.total, null, ...figureCells(month.total)],
  ];
}

async function* batchesOf(auth: AuthContext, month: string, client: number | undefined, language: ExportLanguage) {
  const report = await readUtilisation(auth, { from: month, to: month, client: client ?? null, profile: null });
  yield report.months.flatMap((m) => utilisationRows(m, language));
}

export function utilisationExportOf(
  auth: AuthContext,
  report: { month: string; client?: number },
  file: ExportFileOptions,
  now = new Date(),
): ExportRun<ExportRow> {
  const texts = TEXTS[file.language];
  return buildRowsRun({
    ctx: auth.tenant,
    entity: `Utilisation.${report.month}`,
    file,
    title: `${texts.title} ${report.month}`,
    columns: labelColumns(
      ['group', 'name', ...FIGURE_IDS] as const,
      (id) => texts[id],
      (id) => (id === 'group' ? 16 : id === 'name' ? 24 : 12),
    ),
    batches: batchesOf(auth, report.month, report.client, file.language),
    now,
  });
}
