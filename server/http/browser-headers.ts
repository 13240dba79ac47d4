import { secureHeaders } from 'hono/secure-headers';

// Headers for every answer, the dashboard's and /v2's. The dashboard runs no inline script, so scripts
// come from this origin only; Mantine sets inline styles, hence 'unsafe-inline' for styles alone. A card
// link carries its bearer hash in the path: no Referer may ever take it elsewhere. Card images are the
// sender's https links, so images may come from https origins.
export const browserHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    xContentTypeOptions: 'nosniff',
    // Served over plain http on a laptop; a TLS front sets HSTS itself.
    strictTransportSecurity: false,
  });
