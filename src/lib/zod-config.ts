import { z } from 'zod';

// The service's Content-Security-Policy allows no eval (server/http/browser-headers.ts). Before its first parse of
// an object, zod tries `new Function` to build faster parsers; under that policy the try fails, and the browser
// reports a violation on every load. Told it runs without eval, zod does not try.
z.config({ jitless: true });
