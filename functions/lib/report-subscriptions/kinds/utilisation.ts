import { utilisationExportOf } from '../../utilisation/utilisation-export';
import { type KindInput, type KindReport, type MonthTexts, monthlyReport, type Texts } from './kind-report';

/**
 * The utilisation of the month before the due day as GET /api/utilisation answers it for the owner
 * (docs/decisions/0315-utilisation-from-zone-visits-rolled-up-per-month-and-customer.md): a row per asset profile,
 * per customer and the month's total (functions/lib/utilisation/utilisation-export.ts).
 */
const TEXTS: Texts<MonthTexts> = {
  en: {
    subject: (month) => `Utilisation ${month}`,
    attached: (month) => `Attached is the utilisation of ${month}.`,
    empty: (month) => `No asset was owned in ${month}: there is no file this time.`,
    tooLarge: (month, mb) => `The utilisation of ${month} is too large to attach (over ${mb} MB).`,
  },
  nl: {
    subject: (month) => `Benutting ${month}`,
    attached: (month) => `In de bijlage vindt u de benutting van ${month}.`,
    empty: (month) => `In ${month} was er geen asset in bezit: er is deze keer geen bestand.`,
    tooLarge: (month, mb) => `De benutting van ${month} is te groot om mee te sturen (meer dan ${mb} MB).`,
  },
  de: {
    subject: (month) => `Auslastung ${month}`,
    attached: (month) => `Anbei die Auslastung für ${month}.`,
    empty: (month) => `Im ${month} war kein Asset im Bestand: Diesmal gibt es keine Datei.`,
    tooLarge: (month, mb) => `Die Auslastung für ${month} ist zu groß für einen Anhang (über ${mb} MB).`,
  },
  fr: {
    subject: (month) => `Utilisation ${month}`,
    attached: (month) => `Vous trouverez ci-joint l'utilisation de ${month}.`,
    empty: (month) => `Aucun actif n'était en possession en ${month} : pas de fichier cette fois.`,
    tooLarge: (month, mb) => `L'utilisation de ${month} est trop volumineuse pour être jointe (plus de ${mb} Mo).`,
  },
};

export const utilisationReport = (input: KindInput): KindReport => monthlyReport(input, utilisationExportOf, TEXTS);
