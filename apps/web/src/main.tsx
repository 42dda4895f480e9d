import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useStaysTrue } from './lib/useStaysTrue';
import { preloadRoute, routes } from './routes';
import { theme } from './theme';

const ToastContainer = lazy(() =>
  import('./shell/ToastContainer').then((m) => ({ default: m.ToastContainer })),
);

/**
 * The toasts. Their code loads with the first one (the sign-in page does not download it):
 * `notifications.show` keeps a toast in Mantine's store until the container has loaded and shows it.
 */
function Toasts() {
  const needed = useStaysTrue(useNotifications().notifications.length > 0);
  return needed ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}

// Before the first render: the first page's chunks and data start loading together (routes.tsx).
preloadRoute(window.location.pathname);
const router = createBrowserRouter(routes);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Toasts />
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
);
