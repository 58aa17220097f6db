import { translation } from '../en.json';
import { collectBundle } from './collect';
import { ENGLISH_MESSAGES_THAT_DIFFER } from './englishMessages';

/**
 * What the public pages read (the language file, common, password reset, sign-in with a company account). English
 * messages: only those that differ from their key (englishMessages.ts); the named import leaves the rest out.
 */
export default collectBundle(
  { translation, messages: ENGLISH_MESSAGES_THAT_DIFFER },
  import.meta.glob('../features/{common,resetPassword,secondFactor,sso,sharedPage}/en.json', {
    eager: true,
    import: 'default',
  }),
);
