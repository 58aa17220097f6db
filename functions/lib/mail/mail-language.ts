/** Languages the product writes in (spec 001 s.1); en is the default and the fallback. */
export const MAIL_LANGUAGES = ['en', 'nl', 'de', 'fr'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/**
 * The reader's language from an Accept-Language header (the console sends its current language there):
 * the first listed language we write in, otherwise en.
 */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const known = ranked.find((entry) => (MAIL_LANGUAGES as readonly string[]).includes(entry.language));
  return (known?.language as MailLanguage | undefined) ?? 'en';
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

/** A minimal HTML body from paragraphs; the first paragraph that equals `highlight` is shown large. */
export function htmlParagraphs(paragraphs: string[], highlight?: string): string {
  const body = paragraphs
    .map((p) =>
      p === highlight
        ? `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(p)}</p>`
        : `<p>${escapeHtml(p)}</p>`,
    )
    .join('\n');
  return `<!doctype html><html><body style="font-family:sans-serif;color:#252525">\n${body}\n</body></html>`;
}
