import { collectBundle } from './collect';

/** The signed-in screens' strings: every area but the public pages' (./fr.ts). */
export default collectBundle(
  {},
  import.meta.glob(
    ['../features/*/fr.json', '!../features/{common,resetPassword,secondFactor,sso,sharedPage}/fr.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);
