import { rentalAuditExportOf } from '../../rental-audit/audit-export';
import { type KindInput, type KindReport, type MonthTexts, monthlyReport, type Texts } from './kind-report';

/**
 * The rental audit of the month before the due day, a row per contract line and day as the export writes it
 * (functions/lib/rental-audit/audit-export.ts), in the owner's scope: a client user's their customer's lines.
 * The whole previous month rather than the month to date: a day is audited only once it has ended and the days of
 * the last three nights may still change (docs/decisions/0327-rental-audit-per-line-and-day-from-zone-visits.md),
 * the ERP invoices whole months, and a month's report that does not grow mail by mail is the statement the loan
 * days and utilisation already mail.
 */
const TEXTS: Texts<MonthTexts> = {
  en: {
    subject: (month) => `Rental audit ${month}`,
    attached: (month) =>
      `Attached is the rental audit of ${month}: each contract line per day, billed against where the tag placed the asset.`,
    empty: (month) => `No contract line was audited in ${month}: there is no file this time.`,
    tooLarge: (month, mb) =>
      `The rental audit of ${month} is too large to attach (over ${mb} MB). Export it in the console.`,
  },
  nl: {
    subject: (month) => `Huurcontrole ${month}`,
    attached: (month) =>
      `In de bijlage vindt u de huurcontrole van ${month}: elke contractregel per dag, gefactureerd tegenover waar de tag de asset zag.`,
    empty: (month) => `In ${month} is geen contractregel gecontroleerd: er is deze keer geen bestand.`,
    tooLarge: (month, mb) =>
      `De huurcontrole van ${month} is te groot om mee te sturen (meer dan ${mb} MB). Exporteer hem in de console.`,
  },
  de: {
    subject: (month) => `Mietprüfung ${month}`,
    attached: (month) =>
      `Anbei die Mietprüfung für ${month}: jede Vertragszeile pro Tag, abgerechnet gegenüber dem Ort, an dem der Tag das Asset sah.`,
    empty: (month) => `Im ${month} wurde keine Vertragszeile geprüft: Diesmal gibt es keine Datei.`,
    tooLarge: (month, mb) =>
      `Die Mietprüfung für ${month} ist zu groß für einen Anhang (über ${mb} MB). Exportieren Sie sie in der Konsole.`,
  },
  fr: {
    subject: (month) => `Contrôle des locations ${month}`,
    attached: (month) =>
      `Vous trouverez ci-joint le contrôle des locations de ${month} : chaque ligne de contrat par jour, facturée face à l'endroit où la balise a situé l'actif.`,
    empty: (month) => `Aucune ligne de contrat n'a été contrôlée en ${month} : pas de fichier cette fois.`,
    tooLarge: (month, mb) =>
      `Le contrôle des locations de ${month} est trop volumineux pour être joint (plus de ${mb} Mo). Exportez-le dans la console.`,
  },
};

export const rentalAuditReport = (input: KindInput): KindReport => monthlyReport(input, rentalAuditExportOf, TEXTS);
