import type { NotificationLanguage } from '../../../shared/schemas/settings';
import type { WebhookEventType } from '../../../shared/schemas/webhook';

/**
 * The fixed words of the Teams and Slack messages in the tenant's notification language, the language its
 * alarm mails are written in: a chat channel is read by the same people. Names (assets, zones, rules) are the
 * tenant's own and are sent as written.
 */
export interface ChatWords {
  locale: string;
  alarm: string;
  raised: string;
  cleared: string;
  /** Joins the alarm and what it is about: "Alarm: Outside for Reel 7". */
  about: string;
  asset: string;
  zone: string;
  device: string;
  openAsset: string;
  timeZone: string;
  events: Record<Exclude<WebhookEventType, 'alarm.raised' | 'alarm.cleared'> | 'webhook.test', string>;
}

export const CHAT_WORDS: Record<NotificationLanguage, ChatWords> = {
  en: {
    locale: 'en-GB',
    alarm: 'Alarm',
    raised: 'Raised',
    cleared: 'Cleared',
    about: 'for',
    asset: 'Asset',
    zone: 'Zone',
    device: 'Device',
    openAsset: 'Open the asset',
    timeZone: 'Amsterdam',
    events: {
      'zone.entered': 'Entered a zone',
      'zone.left': 'Left a zone',
      'pickup.requested': 'Pickup requested',
      'pickup.confirmed': 'Pickup confirmed',
      'loan_day.counted': 'Loan days counted',
      'rental_contract.overdue': 'Rental contract overdue',
      'rental_contract.over_billed': 'Rental contract billed at a depot',
      'delivery.reported': 'Delivery reported',
      'delivery.confirmed': 'Delivery confirmed',
      'webhook.test': 'Test message from the tracking console',
    },
  },
  nl: {
    locale: 'nl-NL',
    alarm: 'Alarm',
    raised: 'Gemeld',
    cleared: 'Opgeheven',
    about: 'voor',
    asset: 'Asset',
    zone: 'Zone',
    device: 'Apparaat',
    openAsset: 'Asset openen',
    timeZone: 'Amsterdam',
    events: {
      'zone.entered': 'Zone binnengekomen',
      'zone.left': 'Zone verlaten',
      'pickup.requested': 'Ophalen aangevraagd',
      'pickup.confirmed': 'Ophalen bevestigd',
      'loan_day.counted': 'Uitleendagen geteld',
      'rental_contract.overdue': 'Huurcontract over de retourdatum',
      'rental_contract.over_billed': 'Huurcontract gefactureerd in het depot',
      'delivery.reported': 'Levering gemeld',
      'delivery.confirmed': 'Levering bevestigd',
      'webhook.test': 'Testbericht van de trackingconsole',
    },
  },
  de: {
    locale: 'de-DE',
    alarm: 'Alarm',
    raised: 'Ausgelöst',
    cleared: 'Aufgehoben',
    about: 'für',
    asset: 'Asset',
    zone: 'Zone',
    device: 'Gerät',
    openAsset: 'Asset öffnen',
    timeZone: 'Amsterdam',
    events: {
      'zone.entered': 'Zone betreten',
      'zone.left': 'Zone verlassen',
      'pickup.requested': 'Abholung angefordert',
      'pickup.confirmed': 'Abholung bestätigt',
      'loan_day.counted': 'Leihtage gezählt',
      'rental_contract.overdue': 'Mietvertrag überfällig',
      'rental_contract.over_billed': 'Mietvertrag im Depot abgerechnet',
      'delivery.reported': 'Lieferung gemeldet',
      'delivery.confirmed': 'Lieferung bestätigt',
      'webhook.test': 'Testnachricht der Tracking-Konsole',
    },
  },
  fr: {
    locale: 'fr-FR',
    alarm: 'Alarme',
    raised: 'Déclenchée',
    cleared: 'Levée',
    about: 'pour',
    asset: 'Actif',
    zone: 'Zone',
    device: 'Appareil',
    openAsset: "Ouvrir l'actif",
    timeZone: 'Amsterdam',
    events: {
      'zone.entered': 'Entrée dans une zone',
      'zone.left': 'Sortie d’une zone',
      'pickup.requested': 'Enlèvement demandé',
      'pickup.confirmed': 'Enlèvement confirmé',
      'loan_day.counted': 'Jours de prêt comptés',
      'rental_contract.overdue': 'Contrat de location en retard',
      'rental_contract.over_billed': 'Contrat de location facturé au dépôt',
      'delivery.reported': 'Livraison signalée',
      'delivery.confirmed': 'Livraison confirmée',
      'webhook.test': 'Message de test de la console de suivi',
    },
  },
};
