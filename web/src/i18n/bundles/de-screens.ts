import { collectBundle } from './collect';

/** The signed-in screens' strings: every area but the public pages' (./de.ts). */
export default collectBundle(
  {},
  import.meta.glob(
    ['../features/*/de.json', '!../features/{common,resetPassword,secondFactor,sso,sharedPage}/de.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);
