import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FullPageSpinner } from './common/FullPageSpinner';
import { NotificationStack } from './common/notifications/NotificationStack';
import { useSession } from './session/useSession';
import { ConsoleThemeProvider } from './theme/ConsoleThemeProvider';

interface Props {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}

/** Providers around the router; a spinner instead of the routes while a stored session is renewed. */
export function App({ queryClient, router }: Props) {
  const { status } = useSession();
  return (
    <ConsoleThemeProvider>
      <QueryClientProvider client={queryClient}>
        {status === 'restoring' ? <FullPageSpinner /> : <RouterProvider router={router} />}
        <NotificationStack />
      </QueryClientProvider>
    </ConsoleThemeProvider>
  );
}
