// Serves the built dashboard (dist/). In the demo build the service is simulated in the browser.
import { preview } from 'vite';

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8080);

const server = await preview({ preview: { host, port, strictPort: true, open: false } });
const url = server.resolvedUrls?.local[0] ?? `http://${host}:${port}/`;
console.log(`
Flowdeck is running at ${url}
  Demo build: the /v2 service is simulated in your browser (MSW); data resets on reload.
  Sign in with the API key: flowdeck-demo-key
  (flowdeck-starter-key signs in on a plan without workflows, to see the plan message.)
Press Ctrl+C to stop.
`);
