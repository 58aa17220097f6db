import type { AlarmType } from '../../../shared/schemas/alarm';
import type { NotificationLanguage } from '../../../shared/schemas/settings';

/**
 * The fixed words of the alarm and report mails in the tenant's language. The rule's own text is
 * the tenant's and is sent as written (its placeholders filled); everything around it is translated here.
 */
export interface MailWords {
  locale: string;
  alarmTypes: Record<AlarmType, string>;
  asset: string;
  tag: string;
  zone: string;
  customer: string;
  address: string;
  time: string;
  position: string;
  reportSubject: { delivered: string; empty: string };
  /** `{asset}`, `{who}`, `{time}` filled by the report mail. */
  reportText: { delivered: string; empty: string };
  confirmHint: string;
  /** Alarm notices: the subject's prefix of a repeat ("Reminder 2/3") and of an escalation. */
  noticeRepeat: string;
  noticeEscalation: string;
}

export const MAIL_WORDS: Record<NotificationLanguage, MailWords> = {
  en: {
    locale: 'en-GB',
    alarmTypes: {
      0: 'Asset tag sabotaged',
      1: 'Asset outside the geo zone',
      2: 'Asset battery level low',
      3: 'Asset tag silent',
      4: 'Zone stock below minimum',
      5: 'Zone stock above maximum',
      6: 'Asset outside its geo zone too long',
      7: 'Asset idle',
      8: 'Asset at one site too long',
      9: 'Asset overdue',
      10: 'Asset moved outside working hours',
    },
    asset: 'Asset',
    tag: 'Tag',
    zone: 'Geo zone',
    customer: 'Customer',
    address: 'Address',
    time: 'Time',
    position: 'Position',
    reportSubject: { delivered: 'Reported delivered', empty: 'Reported empty' },
    reportText: {
      delivered: '{who} reported asset {asset} delivered at {time}.',
      empty: '{who} reported asset {asset} empty at {time}.',
    },
    confirmHint: 'Confirm the report in the console under Reports.',
    noticeRepeat: 'Reminder',
    noticeEscalation: 'Escalated',
  },
  nl: {
    locale: 'nl-NL',
    alarmTypes: {
      0: 'Tag van asset gesaboteerd',
      1: 'Asset buiten de geozone',
      2: 'Batterij van asset bijna leeg',
      3: 'Tag van asset stil',
      4: 'Voorraad in zone onder minimum',
      5: 'Voorraad in zone boven maximum',
      6: 'Asset te lang buiten zijn geozone',
      7: 'Asset staat stil',
      8: 'Asset te lang op één locatie',
      9: 'Asset te laat terug',
      10: 'Asset buiten werktijden verplaatst',
    },
    asset: 'Asset',
    tag: 'Tag',
    zone: 'Geozone',
    customer: 'Klant',
    address: 'Adres',
    time: 'Tijd',
    position: 'Positie',
    reportSubject: { delivered: 'Gemeld als afgeleverd', empty: 'Gemeld als leeg' },
    reportText: {
      delivered: '{who} heeft asset {asset} op {time} als afgeleverd gemeld.',
      empty: '{who} heeft asset {asset} op {time} als leeg gemeld.',
    },
    confirmHint: 'Bevestig de melding in de console onder Meldingen.',
    noticeRepeat: 'Herinnering',
    noticeEscalation: 'Geëscaleerd',
  },
  de: {
    locale: 'de-DE',
    alarmTypes: {
      0: 'Tag des Assets sabotiert',
      1: 'Asset außerhalb der Geozone',
      2: 'Batterie des Assets schwach',
      3: 'Tag des Assets verstummt',
      4: 'Bestand der Zone unter Minimum',
      5: 'Bestand der Zone über Maximum',
      6: 'Asset zu lange außerhalb seiner Geozone',
      7: 'Asset ungenutzt',
      8: 'Asset zu lange an einem Standort',
      9: 'Asset überfällig',
      10: 'Asset außerhalb der Arbeitszeit bewegt',
    },
    asset: 'Asset',
    tag: 'Tag',
    zone: 'Geozone',
    customer: 'Kunde',
    address: 'Adresse',
    time: 'Zeit',
    position: 'Position',
    reportSubject: { delivered: 'Als geliefert gemeldet', empty: 'Als leer gemeldet' },
    reportText: {
      delivered: '{who} hat Asset {asset} am {time} als geliefert gemeldet.',
      empty: '{who} hat Asset {asset} am {time} als leer gemeldet.',
    },
    confirmHint: 'Bestätigen Sie die Meldung in der Konsole unter Meldungen.',
    noticeRepeat: 'Erinnerung',
    noticeEscalation: 'Eskaliert',
  },
  fr: {
    locale: 'fr-FR',
    alarmTypes: {
      0: 'Balise de l’actif sabotée',
      1: 'Actif hors de la zone géographique',
      2: 'Batterie de l’actif faible',
      3: 'Balise de l’actif silencieuse',
      4: 'Stock de la zone sous le minimum',
      5: 'Stock de la zone au-dessus du maximum',
      6: 'Actif trop longtemps hors de sa zone géographique',
      7: 'Actif immobile',
      8: 'Actif trop longtemps sur un site',
      9: 'Actif en retard',
      10: 'Actif déplacé en dehors des heures de travail',
    },
    asset: 'Actif',
    tag: 'Balise',
    zone: 'Zone géographique',
    customer: 'Client',
    address: 'Adresse',
    time: 'Heure',
    position: 'Position',
    reportSubject: { delivered: 'Signalé livré', empty: 'Signalé vide' },
    reportText: {
      delivered: '{who} a signalé l’actif {asset} comme livré le {time}.',
      empty: '{who} a signalé l’actif {asset} comme vide le {time}.',
    },
    confirmHint: 'Confirmez le signalement dans la console sous Signalements.',
    noticeRepeat: 'Rappel',
    noticeEscalation: 'Escaladé',
  },
};

/** A time as people in the product's market read it, in the mail's language. */
export const localTimeIn = (words: MailWords, at: string) =>
  `${new Date(at).toLocaleString(words.locale, { timeZone: 'Europe/Amsterdam' })} (Europe/Amsterdam)`;

/** An asset's address as one line; null when it has none. */
export function addressLine(asset: {
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}): string | null {
  const place = [asset.postalCode, asset.city].filter(Boolean).join(' ');
  const line = [asset.street, place, asset.country].filter(Boolean).join(', ');
  return line || null;
}
