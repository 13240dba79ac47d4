/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The service the dev server forwards /v2 to (the local service, or any with this interface).
const serviceUrl = process.env.FLOWDECK_SERVICE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // Each route's component is a chunk of its own, fetched when the route is first visited or, on intent, when a
    // link to it is hovered or focused.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
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
    // bench:bundle guards what matters (gzip bytes per first screen and per route); the charts' library alone is larger.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      // What the entry runs before its first render, in one file: split by what shares it, it comes as dozens of
      // small files, each a request of its own (six at a time over HTTP/1.1).
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
    },
  },
  test: {
    projects: [
      {
        // Three files at a time on two cores: a component test waits on timers and its mock's answers much of the time
        // (four left a typing-heavy test near its 15 s timeout on a busy machine).
        extends: true,
        test: {
          name: 'dashboard',
          // Component test files share a worker's modules instead of loading React and Mantine afresh for each file (that
          // loading was most of their time). Each test starts clean all the same: the setup resets the mock service, the
          // request handlers, storage and the DOM after every test. Server files stay isolated: the service keeps
          // process-wide settings (read bounds) and one file measures the process's memory.
          isolate: false,
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          restoreMocks: true,
          maxWorkers: 3,
          testTimeout: 15_000,
        },
      },
      {
        // The local service over HTTP, on one embedded Postgres (server/test/global-setup.ts) with a database per test
        // service. Three files at a time on two cores: a file spends much of its time waiting on Postgres, child
        // services and runs, which a third file fills. It runs after the dashboard project (its own group), never beside it.
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['./server/test/global-setup.ts'],
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
