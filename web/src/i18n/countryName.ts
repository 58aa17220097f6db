/**
 * Countries arrive as stored text: an English name from the demo data and imports ("Netherlands") or an ISO code
 * ("NL"). The console shows them in the user's language: "Nederland", "Niederlande", "Pays-Bas".
 * Text that names no known country is shown as it is.
 */
let englishNames: Map<string, string> | undefined;

/** Lower-case English region name → ISO 3166 code, built once from the browser's own region names. */
function codeOfEnglishName(name: string): string | undefined {
  if (!englishNames) {
    englishNames = new Map();
    const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const first of letters)
      for (const second of letters) {
        const code = first + second;
        const regionName = english.of(code);
        if (regionName && regionName !== code) englishNames.set(regionName.toLowerCase(), code);
      }
  }
  return englishNames.get(name.toLowerCase());
}

export function countryName(country: string | null | undefined, language: string): string {
  const text = country?.trim() ?? '';
  if (!text) return '';
  const code = /^[A-Za-z]{2}$/.test(text) ? text.toUpperCase() : codeOfEnglishName(text);
  if (!code) return text;
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code) ?? text;
  } catch {
    return text;
  }
}
