import { translation } from '../en.json';
import { collectBundle } from './collect';
import { ENGLISH_MESSAGES_THAT_DIFFER } from './englishMessages';

/**
 * Every string of one language in one chunk, loaded only when the console shows that language. English messages:
 * only those that differ from their key (englishMessages.ts); the named import leaves the rest of en.json out.
 */
export default collectBundle(
  { translation, messages: ENGLISH_MESSAGES_THAT_DIFFER },
  import.meta.glob('../features/*/en.json', { eager: true, import: 'default' }),
);
