import type { ExportLanguage } from '../../../shared/schemas/export';
import assetsDe from '../../../web/src/i18n/features/assets/de.json';
import assetsEn from '../../../web/src/i18n/features/assets/en.json';
import assetsFr from '../../../web/src/i18n/features/assets/fr.json';
import assetsNl from '../../../web/src/i18n/features/assets/nl.json';
import de from '../../../web/src/i18n/features/evidence/de.json';
import en from '../../../web/src/i18n/features/evidence/en.json';
import fr from '../../../web/src/i18n/features/evidence/fr.json';
import nl from '../../../web/src/i18n/features/evidence/nl.json';

/**
 * The evidence document's words in its language, from the console's own translation files (one source; the
 * web-i18n unit test keeps the four complete), and how it writes times, numbers and sources.
 */
export type EvidenceWords = (typeof en)['document'];
const WORDS: Record<ExportLanguage, EvidenceWords> = {
  en: en.document,
  nl: nl.document,
  de: de.document,
  fr: fr.document,
};

/** Event types as the events tab names them. */
const EVENT_TYPES: Record<ExportLanguage, Record<string, string>> = {
  en: assetsEn.eventType,
  nl: assetsNl.eventType,
  de: assetsDe.eventType,
  fr: assetsFr.eventType,
};

export interface EvidenceTexts {
  words: EvidenceWords;
  /** A word with its {{placeholders}} filled in. */
  say: (key: keyof EvidenceWords, values?: Record<string, string | number>) => string;
  /** dd/MM/yyyy HH:mm:ss in the document's time zone (a dispute may turn on the seconds between two fixes). */
  time: (iso: string | null | undefined) => string;
  /** A number with `digits` decimals, '' when missing; plain digits so every language reads it the same. */
  number: (value: number | null | undefined, digits?: number) => string;
  eventType: (type: string) => string;
}

function timeFormatter(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (iso: string | null) => {
    if (!iso || Number.isNaN(Date.parse(iso))) return '';
    const part = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
    return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
  };
}

export function evidenceTexts(language: ExportLanguage, timeZone: string): EvidenceTexts {
  const words = WORDS[language];
  const time = timeFormatter(timeZone);
  return {
    words,
    say: (key, values = {}) =>
      words[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
        values[name] === undefined ? whole : String(values[name]),
      ),
    time: (iso) => time(iso ?? null),
    number: (value, digits = 0) => (value === null || value === undefined ? '' : value.toFixed(digits)),
    eventType: (type) => EVENT_TYPES[language][type] ?? type,
  };
}
