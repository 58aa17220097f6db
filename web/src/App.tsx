import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FullPageSpinner } from './common/FullPageSpinner';
import { NotificationStack } from './common/notifications/NotificationStack';
import { UpdatePrompt } from './common/UpdatePrompt';
import { useDocumentLanguage } from './i18n/useDocumentLanguage';
import { useSession } from './session/useSession';
import { TenantThemeProvider } from './theme/TenantThemeProvider';

interface Props {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}

/** Providers around the router; a spinner instead of the routes while a stored session is renewed. */
export function App({ queryClient, router }: Props) {
  const { status } = useSession();
  useDocumentLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      {/* Inside the query client: the theme follows the tenant's saved colours (GET /api/frontend-settings). */}
      <TenantThemeProvider>
        {status === 'restoring' ? (
          <FullPageSpinner />
        ) : (
          // The signed-in shell loads lazily (shell/LayoutForSession.tsx); pages have their own boundaries.
          <Suspense fallback={<FullPageSpinner />}>
            <RouterProvider router={router} />
          </Suspense>
        )}
        <NotificationStack />
        <UpdatePrompt />
      </TenantThemeProvider>
    </QueryClientProvider>
  );
}
