import { type ReactNode, useMemo } from 'react';
import { useSession } from '../session/useSession';
import { ConsoleThemeProvider } from './ConsoleThemeProvider';
import { coloursOf, useColorsSetting } from './tenantColours';

/** The console theme in the signed-in tenant's saved colours; the defaults before sign-in. */
export function TenantThemeProvider({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const setting = useColorsSetting(status === 'signedIn');
  const colours = useMemo(() => coloursOf(status === 'signedIn' ? setting.data : undefined), [status, setting.data]);
  return <ConsoleThemeProvider colours={colours}>{children}</ConsoleThemeProvider>;
}
