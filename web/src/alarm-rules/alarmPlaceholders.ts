// Relative import: the unit tests (test/unit/web-alarm-rule-text.test.ts) run without the @shared alias.
import {
  ALARM_PLACEHOLDERS,
  ALARM_TEXT_TEMPLATES,
  type AlarmPlaceholder,
  type AlarmType,
} from '../../../shared/schemas/alarm';

/** A placeholder as it stands in a text: 'asset_name' -> '{asset_name}'. */
export const placeholderToken = (name: AlarmPlaceholder) => `{${name}}`;

/** The placeholders the alarm sender fills (shared/schemas/alarm.ts), in the order the chips show them. */
export const TEXT_PLACEHOLDERS: readonly AlarmPlaceholder[] = ALARM_PLACEHOLDERS;

const TEMPLATES = new Set<string>(Object.values(ALARM_TEXT_TEMPLATES));

/** A text the user has not written: empty, or still one of the type templates as prefilled. */
export const isUntouchedText = (text: string) => text.trim() === '' || TEMPLATES.has(text);

/** The text after choosing a type: its template when the text is untouched, else the text as it is. */
export function textForType(type: string, text: string): string {
  const template = ALARM_TEXT_TEMPLATES[Number(type) as AlarmType];
  return template !== undefined && type !== '' && isUntouchedText(text) ? template : text;
}

/** Puts a token in place of the selection [start, end); answers the new text and the cursor after the token. */
export function insertToken(text: string, token: string, start = text.length, end = start) {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}
