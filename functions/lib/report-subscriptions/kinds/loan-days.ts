import { loanDayExportOf } from '../../exports/loan-day-export';
import { type KindInput, type KindReport, type MonthTexts, monthlyReport, type Texts } from './kind-report';

/** The loan-day statement of the month before the due day (docs/decisions/0312-scheduled-reports-mailed-to-their-subscriber.md). */
const TEXTS: Texts<MonthTexts> = {
  en: {
    subject: (month) => `Loan days ${month}`,
    attached: (month) => `Attached is the loan-day statement of ${month}.`,
    empty: (month) => `No loan days were counted in ${month}: there is no file this time.`,
    tooLarge: (month, mb) =>
      `The loan-day statement of ${month} is too large to attach (over ${mb} MB). Export it in the console.`,
  },
  nl: {
    subject: (month) => `Uitleendagen ${month}`,
    attached: (month) => `In de bijlage vindt u het uitleendagenoverzicht van ${month}.`,
    empty: (month) => `In ${month} zijn geen uitleendagen geteld: er is deze keer geen bestand.`,
    tooLarge: (month, mb) =>
      `Het uitleendagenoverzicht van ${month} is te groot om mee te sturen (meer dan ${mb} MB). Exporteer het in de console.`,
  },
  de: {
    subject: (month) => `Leihtage ${month}`,
    attached: (month) => `Anbei die Leihtage-Aufstellung für ${month}.`,
    empty: (month) => `Im ${month} wurden keine Leihtage gezählt: Diesmal gibt es keine Datei.`,
    tooLarge: (month, mb) =>
      `Die Leihtage-Aufstellung für ${month} ist zu groß für einen Anhang (über ${mb} MB). Exportieren Sie sie in der Konsole.`,
  },
  fr: {
    subject: (month) => `Jours de prêt ${month}`,
    attached: (month) => `Vous trouverez ci-joint le relevé des jours de prêt de ${month}.`,
    empty: (month) => `Aucun jour de prêt n'a été compté en ${month} : pas de fichier cette fois.`,
    tooLarge: (month, mb) =>
      `Le relevé des jours de prêt de ${month} est trop volumineux pour être joint (plus de ${mb} Mo). Exportez-le dans la console.`,
  },
};

export const loanDaysReport = (input: KindInput): KindReport => monthlyReport(input, loanDayExportOf, TEXTS);
