import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

// JSON answers of /v2 go compressed (brotli or gzip, as the client's Accept-Encoding prefers) once they
// are worth it: a flows page of 100 is ~11 KB and ~1.3 KB gzipped. Not hono/compress: it reads the size
// from Content-Length, which c.json does not set, so it would compress every tiny answer; and its
// CompressionStream costs more than one zlib call on a body already whole.
//
// Only application/json is compressed: no /v2 route streams (a stream would be held back until it
// ended). Proxy mode's answers arrive decoded (fetch decodes, forward() drops the upstream's
// Content-Encoding), so they are encoded here once, as the local service's are.
//
// Compression next to secrets (a card's hash_id) is the BREACH pattern, which needs a victim's browser to
// send the request with its credentials: /v2 takes its key from the Authorization header, which a
// browser never adds by itself, so another site cannot make it send one.

/** Below this many bytes the gzip framing and the CPU cost more than the bytes they save. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const ENCODERS = {
  // Quality 4 of 11: near gzip's speed, smaller; the top qualities are for files compressed once.
  br: promisify((body: Uint8Array, done: (error: Error | null, result: Buffer) => void) => {
    brotliCompress(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }, done);
  }),
  gzip: promisify((body: Uint8Array, done: (error: Error | null, result: Buffer) => void) => {
    gzip(body, done);
  }),
} as const;
type Encoding = keyof typeof ENCODERS;

/** The encoding the client weighs highest (brotli on a tie), or null: none, or only identity, accepted. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name !== '' && Number.isFinite(weight)) weights.set(name, weight);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce((chosen, encoding) => (weightOf(encoding) > weightOf(chosen) ? encoding : chosen));
  return weightOf(best) > 0 ? best : null;
}

/** Statuses that carry no body. */
const NO_BODY = new Set([101, 204, 205, 304]);

const isJson = (contentType: string | null) => contentType !== null && /^application\/json\s*(;|$)/i.test(contentType);

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    // Not `answer.body`: reading it turns the adapter's light answer into a full one, on every request.
    if (c.req.method === 'HEAD' || NO_BODY.has(answer.status) || answer.headers.has('Content-Encoding') || !isJson(answer.headers.get('Content-Type'))) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(answer.headers.get('Cache-Control') ?? '')) return;
    // The answer depends on Accept-Encoding whether or not this one is compressed: caches must know.
    const vary = answer.headers.get('Vary');
    if (!vary) answer.headers.set('Vary', 'Accept-Encoding');
    else if (vary !== '*' && !/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) answer.headers.set('Vary', `${vary}, Accept-Encoding`);
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const body = new Uint8Array(await answer.arrayBuffer());
    const compressed = body.byteLength < COMPRESSION_THRESHOLD_BYTES ? null : new Uint8Array(await ENCODERS[encoding](body));
    const headers = new Headers(answer.headers);
    headers.delete('Content-Length');
    if (compressed) headers.set('Content-Encoding', encoding);
    // Unset first: Hono's setter would otherwise copy the old answer's headers (Content-Length among
    // them) onto the new one and wrap its body in a stream.
    c.res = undefined;
    c.res = new Response(compressed ?? body, { status: answer.status, statusText: answer.statusText, headers });
  };
}
