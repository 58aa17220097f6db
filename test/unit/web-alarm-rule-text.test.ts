import { ALARM_TEXT_TEMPLATES } from '../../shared/schemas/alarm';
import { insertToken, isUntouchedText, textForType } from '../../web/src/alarm-rules/alarmPlaceholders';

/** The alarm rule panel's Text: a type prefills its template unless the user wrote a text; chips insert. */
describe('alarm rule text', () => {
  it('prefills an empty text, or one still as a template, with the chosen type template', () => {
    expect(textForType('1', '')).toBe(ALARM_TEXT_TEMPLATES[1]);
    expect(textForType('2', '   ')).toBe(ALARM_TEXT_TEMPLATES[2]);
    expect(textForType('0', ALARM_TEXT_TEMPLATES[1])).toBe(ALARM_TEXT_TEMPLATES[0]);
    expect(isUntouchedText(ALARM_TEXT_TEMPLATES[2])).toBe(true);
  });

  it("keeps a text of the user's own, and keeps the text when no type is chosen", () => {
    expect(textForType('1', 'Call the yard about {asset_name}')).toBe('Call the yard about {asset_name}');
    expect(textForType('1', `${ALARM_TEXT_TEMPLATES[1]} Call the yard.`)).toBe(
      `${ALARM_TEXT_TEMPLATES[1]} Call the yard.`,
    );
    expect(textForType('', '')).toBe('');
    expect(textForType('17', '')).toBe('');
  });

  it('inserts a placeholder at the cursor, over a selection, or at the end', () => {
    expect(insertToken('Asset  left', '{asset_name}', 6)).toEqual({ text: 'Asset {asset_name} left', cursor: 18 });
    expect(insertToken('Asset XXX left', '{asset_name}', 6, 9)).toEqual({
      text: 'Asset {asset_name} left',
      cursor: 18,
    });
    expect(insertToken('At ', '{time}')).toEqual({ text: 'At {time}', cursor: 9 });
    expect(insertToken('ab', '{time}', 10, 20)).toEqual({ text: 'ab{time}', cursor: 8 });
  });
});
