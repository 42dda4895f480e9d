import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/timers';

/**
 * Where toasts show (Mantine Notifications), each closing after TOAST_DURATION_MS: bottom centre,
 * clear of the page headers' controls (the report's date range sits top right) and of the drawer's
 * Save at the bottom right.
 */
export function ToastContainer() {
  return <Notifications autoClose={TOAST_DURATION_MS} position="bottom-center" />;
}
