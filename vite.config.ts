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
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // Loaders stay in the entry (the router's default): split, a cold signed-in load waits one more round trip
        // before its first API request, which Lighthouse measured as worse than the bytes saved.
        // Sign-in is the first screen of most visits: its page comes with the entry, not one round trip after it.
        splitBehavior: ({ routeId }) => (routeId === '/sign-in' ? [] : undefined),
      },
    }),
    react(),
    // Brotli and gzip copies beside each asset, made once at build: the service sends the one the browser
    // accepts (server/http/static-assets.ts) instead of compressing on every request. Source maps are
    // fetched only by developer tools, so they stay as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg)$/ }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/v2': serviceUrl } },
  build: { sourcemap: true },
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
        // database per test service. Two files at a time: the machine has two cores and each file
        // runs whole services. It runs after the dashboard project (its own group), never beside it.
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
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
