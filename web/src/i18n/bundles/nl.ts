import base from '../nl.json';
import { collectBundle } from './collect';

/** What the public pages read (the language file, common, password reset, sign-in with a company account). */
export default collectBundle(
  base,
  import.meta.glob('../features/{common,resetPassword,secondFactor,sso,sharedPage}/nl.json', {
    eager: true,
    import: 'default',
  }),
);
