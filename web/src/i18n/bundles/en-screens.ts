import { collectBundle } from './collect';

/** The signed-in screens' strings: every area but the public pages' (./en.ts). */
export default collectBundle(
  {},
  import.meta.glob(
    ['../features/*/en.json', '!../features/{common,resetPassword,secondFactor,sso,sharedPage}/en.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);
