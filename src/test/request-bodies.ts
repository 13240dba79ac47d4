import { onTestFinished } from 'vitest';
import { server } from './server';

/** Records the JSON bodies of requests matching a method and path during one test, to assert what was sent. */
export function recordBodies(method: string, pathPattern: RegExp): unknown[] {
  const bodies: unknown[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method !== method || !pathPattern.test(new URL(request.url).pathname)) return;
    void request
      .clone()
      .text()
      .then((text) => bodies.push(text === '' ? undefined : (JSON.parse(text) as unknown)));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return bodies;
}
