// Only the core styles the dashboard uses up front (mantine-styles.css): the date pickers' and the charts' styles come
// with the components that use them. The signed-in frame's styles are here too: the page the service sends may
// already draw that frame (src/prepaint.tsx).
import './mantine-styles.css';
import '@/features/shell/shell-frame.css';
import { restoreSession } from '@/features/auth/session';
import { nextTask } from '@/lib/next-task';
import { fetchListedCode } from './after-paint';
import { sendFirstRequests } from './first-requests';

/**
 * Resolves once the browser has painted a frame: a page the service sent with its frame already drawn (its
 * prepaint) shows it before any of the dashboard's code is fetched, so on a slow link that code does not take
 * the bandwidth the page's styles need first. A hidden tab paints no frame: the timer starts it anyway.
 */
function afterFirstPaint() {
  return new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

/**
 * The code did not come (the connection dropped, or a deploy replaced it under an open tab): say so where the drawn
 * page would otherwise wait for good. Plain DOM: none of the dashboard's code is here to draw it.
 */
function showLoadFailure() {
  const root = document.getElementById('root');
  if (!root) return;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.style.cssText = 'margin: 5rem auto; max-width: 30rem; padding: 0 1rem; font-family: system-ui, sans-serif;';
  message.textContent = 'Flowdeck could not load. Check your connection, then reload the page.';
  root.replaceChildren(message);
}

void afterFirstPaint()
  .then(async () => {
    void fetchListedCode();
    const code = import('./start');
    await nextTask();
    // Signed in, the page's first lists are asked for now, beside its code rather than after it. The demo build
    // answers /v2 in the browser once its mock service has started (start.tsx): it asks nothing ahead.
    if (restoreSession() && import.meta.env.MODE !== 'demo') sendFirstRequests(location.pathname);
    return code;
  })
  .then(({ start }) => start())
  .catch((error: unknown) => {
    showLoadFailure();
    throw error;
  });
