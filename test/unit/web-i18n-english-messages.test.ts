import { ENGLISH_MESSAGES_THAT_DIFFER } from '../../web/src/i18n/bundles/englishMessages';
import en from '../../web/src/i18n/en.json';

describe('the English bundle’s messages', () => {
  it('are exactly the en.json messages that read otherwise than their key (the rest fall back to the key)', () => {
    const differing = Object.fromEntries(Object.entries(en.messages).filter(([key, text]) => key !== text));
    expect(ENGLISH_MESSAGES_THAT_DIFFER).toEqual(differing);
  });
});
