import { collectBundle } from './collect';

/** The signed-in screens' strings: every area but the public pages' (./nl.ts). */
export default collectBundle(
  {},
  import.meta.glob(
    ['../features/*/nl.json', '!../features/{common,resetPassword,secondFactor,sso,sharedPage}/nl.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);
