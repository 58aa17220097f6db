import type { ExportLanguage } from '../../../shared/schemas/export';
import profileDe from '../../../web/src/i18n/features/assetProfiles/de.json';
import profileEn from '../../../web/src/i18n/features/assetProfiles/en.json';
import profileFr from '../../../web/src/i18n/features/assetProfiles/fr.json';
import profileNl from '../../../web/src/i18n/features/assetProfiles/nl.json';
import de from '../../../web/src/i18n/features/assets/de.json';
import en from '../../../web/src/i18n/features/assets/en.json';
import fr from '../../../web/src/i18n/features/assets/fr.json';
import nl from '../../../web/src/i18n/features/assets/nl.json';

/**
 * The asset list's words in the reader's language, read from the console's own translation files, so a
 * header or status in the file is exactly what the list shows (one source; the web-i18n unit test keeps the
 * four languages complete). Bundled into the Lambda by esbuild as plain JSON.
 */
type AssetTexts = typeof en;
const BY_LANGUAGE: Record<ExportLanguage, AssetTexts> = { en, nl, de, fr };
const PROFILE_TEXTS: Record<ExportLanguage, typeof profileEn> = {
  en: profileEn,
  nl: profileNl,
  de: profileDe,
  fr: profileFr,
};

export interface AssetExportTexts {
  title: string;
  columns: Readonly<Record<string, string>>;
  status: Readonly<Record<string, string>>;
  levels: Readonly<Record<string, string>>;
  battery: { low: string; ok: string; none: string };
  sabotaged: string;
  residualLength: string;
  exportedOn: (date: string) => string;
  page: (page: number) => string;
}

const fill = (template: string, name: string, value: string | number) =>
  template.replace(new RegExp(`{{\\s*${name}\\s*}}`, 'g'), String(value));

export function assetExportTexts(language: ExportLanguage): AssetExportTexts {
  const texts = BY_LANGUAGE[language];
  return {
    title: texts.title,
    columns: texts.columns,
    status: texts.status,
    levels: texts.levels,
    battery: texts.battery,
    sabotaged: texts.markers.sabotaged,
    residualLength: PROFILE_TEXTS[language].labels.residual_length,
    exportedOn: (date) => fill(texts.export.exportedOn, 'date', date),
    page: (page) => fill(texts.export.page, 'page', page),
  };
}
