import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { MESSAGES } from '@/api/messages';

/** Hashed file names change with their content, so a browser may keep them for good. */
const cacheHashedAssets: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
};

/** The page names this build's assets: a browser asks again each time, so a new build is seen at once. */
const revalidatePage: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.ok) c.header('Cache-Control', 'no-cache');
};

/** Whichever copy was sent (brotli, gzip or plain), a shared cache must keep them apart by Accept-Encoding. */
const varyOnEncoding: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.get('Vary')?.includes('Accept-Encoding')) c.res.headers.append('Vary', 'Accept-Encoding');
};

/** A path whose last part has no dot names a page of the dashboard, not a file. */
const isPagePath = (path: string) => !/\.[^/]*$/.test(path);

/**
 * Serves the built dashboard; any other path gets index.html so client-side routes survive a reload.
 * The build writes a brotli and a gzip copy beside each text asset (vite.config.ts): the one the browser
 * accepts is sent as is, so nothing is compressed per request. Source maps are built but served only
 * when asked for (FLOWDECK_SOURCE_MAPS=1).
 */
export function dashboardApp(staticDir: string, serveSourceMaps: boolean) {
  const app = new Hono();
  if (!serveSourceMaps) app.get('*', async (c, next) => (c.req.path.endsWith('.map') ? c.json({ message: MESSAGES.notFound }, 404) : next()));
  const root = relative(process.cwd(), staticDir) || '.';
  app.use('*', varyOnEncoding);
  app.use('/assets/*', cacheHashedAssets);
  app.use('/index.html', revalidatePage);
  app.get('*', (c, next) => {
    if (!isPagePath(c.req.path) || !existsSync(join(staticDir, 'index.html'))) return next();
    c.header('Cache-Control', 'no-cache');
    return serveStatic({ root, path: 'index.html', precompressed: true })(c, next);
  });
  app.use('*', serveStatic({ root, precompressed: true }));
  // An asset of another build is gone, not a page: the page would be kept for a year under its name.
  app.get('/assets/*', (c) => c.json({ message: MESSAGES.notFound }, 404));
  app.get('*', (c, next) => {
    if (!existsSync(join(staticDir, 'index.html'))) return c.text('The dashboard is not built: run `npm run build`.', 503);
    return next();
  });
  app.get('*', revalidatePage, serveStatic({ root, path: 'index.html', precompressed: true }));
  return app;
}
