// Only the core styles the dashboard uses up front (mantine-styles.css): the date pickers' and the charts' styles come
// with the components that use them. The signed-in frame's styles are here too: the page the service sends may
// already draw that frame (src/prepaint.tsx).
import './mantine-styles.css';
import '@/features/shell/shell-frame.css';

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

void afterFirstPaint()
  .then(() => import('./start'))
  .then(({ start }) => start());
