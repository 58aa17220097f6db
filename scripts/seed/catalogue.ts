import type { AlarmType } from '../../shared/schemas/alarm';

/** Fixed vocabularies of the demo data: company names, people, cable reels, cables and tags. */

export const COMPANY_NAMES: readonly string[] = [
  'Van Dijk Kabeltechniek B.V.',
  'De Vries Infra B.V.',
  'Bakker Netwerken B.V.',
  'Jansen Grondwerken B.V.',
  'Visser Elektrotechniek',
  'Smit Energietechniek B.V.',
  'Mulder Leidingbouw',
  'De Boer Installatietechniek',
  'Meijer Glasvezel B.V.',
  'Bos Civiele Techniek',
  'Vos & Zonen Kabelbouw',
  'Peters Infratechniek B.V.',
  'Hendriks Netwerkservice',
  'Van Leeuwen Aannemingsbedrijf',
  'Dekker Windenergie B.V.',
  'Brouwer Verhuur & Transport',
  'Kok Telecombouw B.V.',
  'Van den Heuvel Railinfra',
];

export const FIRST_NAMES: readonly string[] = [
  'Jan',
  'Pieter',
  'Sanne',
  'Lotte',
  'Bram',
  'Femke',
  'Daan',
  'Eva',
  'Thijs',
  'Anouk',
  'Ruben',
  'Iris',
  'Joost',
  'Marloes',
  'Wouter',
  'Noor',
];

export const LAST_NAMES: readonly string[] = [
  'de Jong',
  'Jansen',
  'de Vries',
  'van den Berg',
  'van Dijk',
  'Bakker',
  'Janssen',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'de Groot',
  'Bos',
  'Vos',
  'Peters',
];

/** "Van Dijk Kabeltechniek B.V." -> "van-dijk-kabeltechniek" (mail domain of a demo customer). */
export const companySlug = (company: string) =>
  company
    .toLowerCase()
    .replace(/\bb\.v\.|&|\bzonen\b/g, ' ')
    .replace(/[^a-z0-9 ]/g, '')
    .trim()
    .split(/\s+/)
    .join('-');

export const personEmailLocal = (first: string, last: string) =>
  `${first}.${last.replace(/\s+/g, '')}`.toLowerCase().replace(/[^a-z.]/g, '');

/** Reel sizes after the common Ø800 - Ø2500 mm cable drums: winding width, core and flange diameter (mm). */
export const CABLE_REEL_TYPES = [
  { name: 'Haspel Ø800', data: { width: 500, diameterMin: 400, diameterMax: 800 } },
  { name: 'Haspel Ø1000', data: { width: 600, diameterMin: 500, diameterMax: 1000 } },
  { name: 'Haspel Ø1250', data: { width: 700, diameterMin: 630, diameterMax: 1250 } },
  { name: 'Haspel Ø1600', data: { width: 900, diameterMin: 800, diameterMax: 1600 } },
  { name: 'Haspel Ø2000', data: { width: 1100, diameterMin: 1000, diameterMax: 2000 } },
  { name: 'Haspel Ø2500', data: { width: 1400, diameterMin: 1250, diameterMax: 2500 } },
] as const;

/** Article names of cables common on Dutch sites, with outer diameter in mm. */
export const CABLE_TYPES = [
  { name: 'YMvK 4x2,5', data: { description: 'Installatiekabel PVC, 4 aders 2,5 mm²', diameter: 11.5 } },
  { name: 'YMvKas 3x6', data: { description: 'Installatiekabel met aardscherm, 3 aders 6 mm²', diameter: 14 } },
  { name: 'YMvKas 4x50', data: { description: 'Voedingskabel met aardscherm, 4 aders 50 mm²', diameter: 33 } },
  { name: 'VG-YMvKas 4x10', data: { description: 'Grondkabel koper, 4 aders 10 mm²', diameter: 19 } },
  { name: 'GPLK 3x95', data: { description: 'Papiergeïsoleerde middenspanningskabel 3x95 mm²', diameter: 52 } },
  { name: 'XLPE 1x240 Al', data: { description: 'Middenspanningskabel aluminium 1x240 mm²', diameter: 38 } },
  { name: 'YMvK-mb 5x16', data: { description: 'Installatiekabel metaalband, 5 aders 16 mm²', diameter: 24 } },
  { name: 'Glasvezel 96F', data: { description: 'Buitenkabel glasvezel, 96 vezels', diameter: 12.5 } },
] as const;

export const CABLE_LENGTHS = [100, 250, 500, 1000, 2000] as const;

export const DEVICE_MODELS: readonly (readonly [string, number])[] = [
  ['KPN LocationTag V', 6],
  ['KPN LocationTag IV', 2],
  ['Abeeway Compact Tracker', 1],
  ['Digital Matter Oyster3', 1],
];

export const DEVICE_NOTES: readonly string[] = [
  'Batterij vervangen bij laatste onderhoud',
  'Tag aan binnenzijde flens gemonteerd',
  'Behuizing beschadigd, controleren',
  'Vervangen na sabotage',
  'Proefopstelling LoRa-dekking',
];

export const ALARM_RULES: readonly { name: string; type: AlarmType }[] = [
  { name: 'Sabotage tag', type: 0 },
  { name: 'Buiten geo zone', type: 1 },
  { name: 'Batterij bijna leeg', type: 2 },
  { name: 'Tag stil', type: 3 },
];
