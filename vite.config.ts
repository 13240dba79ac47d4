/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { afterPaintTemplate } from './scripts/after-paint-modules.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

// The service the dev server forwards /v2 to (the local service, or any with this interface).
const serviceUrl = process.env.FLOWDECK_SERVICE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // Loaders are split from the entry (the router's default keeps them in): in the entry they bring every
        // resource's query factories and the API's zod classic schemas (about 40 KB gzip) to the sign-in screen.
        // Split, a cold signed-in load fetches the loader chunk before its first API request, in parallel with the
        // page's component chunk. Sign-in is the first screen of most visits: its page comes with the entry.
        splitBehavior: ({ routeId }) => (routeId === '/sign-in' ? [] : [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']]),
      },
    }),
    react(),
    // Mantine's ScrollArea (in every table) imports only `useMergeRefs` from @floating-ui/react, a single module
    // that then came whole to the first screen; its Tooltip and Popovers, the real users, load on demand.
    {
      name: 'scroll-area-merge-refs',
      enforce: 'pre',
      resolveId(source, importer) {
        if (source === '@floating-ui/react' && importer && /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)) {
          return fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url));
        }
        return null;
      },
    },
    // The page the service sends for each address, with the signed-in frame and a section's heading already drawn
    // (src/prepaint.tsx): rendered in Node by tsx, as the service itself runs.
    {
      name: 'prepaint',
      apply: 'build',
      enforce: 'post',
      async generateBundle(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return;
        const { tsImport } = await import('tsx/esm/api');
        const { prepaintPages } = (await tsImport('./src/prepaint.tsx', import.meta.url)) as typeof import('./src/prepaint');
        const page = String(index.source);
        const root = '<div id="root"></div>';
        if (!page.includes(root)) this.error(`prepaint: index.html has no empty ${root} to draw into`);
        const { files, manifest } = prepaintPages();
        for (const { fileName, markup, firstModules } of files) {
          const listed = afterPaintTemplate(bundle, projectRoot, firstModules);
          // A function, not a string: `$` in the markup is text, not a replacement pattern.
          this.emitFile({ type: 'asset', fileName, source: page.replace(root, () => `<div id="root">${markup}</div>${listed}`) });
        }
        this.emitFile({ type: 'asset', fileName: 'prepaint/manifest.json', source: JSON.stringify(manifest) });
        // The entry paints before the dashboard's code comes: the groups below would silently pull the boot into its
        // static imports if it shared a module with it that the entry-shared group does not name.
        const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
        const eager = entry?.type === 'chunk' ? entry.imports.filter((file) => !/(^|\/)entry-shared-/.test(file)) : [];
        if (eager.length > 0)
          this.error(`prepaint: the entry imports ${eager.join(', ')} before its first paint; name the shared module in the entry-shared group`);
      },
    },
    // Brotli and gzip copies beside each asset, made once at build: the service sends the one the browser
    // accepts (server/http/static-assets.ts) instead of compressing on every request. Source maps are
    // fetched only by developer tools, so they stay as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg)$/ }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/v2': serviceUrl } },
  build: {
    sourcemap: true,
    // The browsers Flowdeck targets know <link rel="modulepreload">; one that does not (Safari before 17) still loads
    // every module, only later. Without the polyfill every first screen fetches half a kilobyte less.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen runs (React, the router, the query cache, zod's core for the URL's search
            // params): one file instead of a dozen small ones that each cost a request and compress worse apart.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](history|store|react-store|router-core|react-router|query-core|react-query))[\\/]/,
            },
            // What the entry runs before the dashboard's code has come (Vite's helper for dynamic imports, the session,
            // the first requests), which the boot uses too: in a chunk of their own, or the
            // groups below would take them in and the entry would import the boot.
            {
              name: 'entry-shared',
              test: /preload-helper|[\\/]src[\\/](first-requests|api[\\/](api-session|send-ahead|first-pages|all-pages)|features[\\/]auth[\\/]session|lib[\\/]next-task)\.ts$/,
            },
            // The app (src/app.tsx) and everything it imports statically (its Mantine pieces, the routes, the sign-in
            // page) runs on every first screen: one file instead of a dozen, fewer round trips. The boot
            // (src/start.tsx) imports it after the framework has run, in a task of its own.
            { name: 'initial', test: /[\\/]src[\\/]app\.tsx$/ },
            // The signed-in shell and everything it uses (its Mantine pieces, the query factories its notifier
            // and title read): one file instead of ~30 that each cost a request (six at a time on HTTP/1.1) and
            // compress worse apart. Keyed on the shell's own modules, their dependencies come with them as far as
            // they are used. The layout route's component keeps its own chunk (the router loads it by name).
            // Its skeleton and frame stay with the route tree: the first screen draws them, signed in or not.
            { name: 'shell', test: /[\\/]src[\\/]features[\\/]shell[\\/](?!shell-skeleton|shell-frame)/ },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'dashboard',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          restoreMocks: true,
          testTimeout: 15_000,
        },
      },
      {
        // The local service over HTTP, on one embedded Postgres (server/test/global-setup.ts) with a
        // database per test service, and the build's scripts (Node code too). Two files at a time: the machine has
        // two cores and each file runs whole services. It runs after the dashboard project (its own group), never
        // beside it.
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['./server/test/global-setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
