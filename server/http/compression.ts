// Compresses answers held in memory (JSON, pages) with one zlib call. For the sizes an API answers, brotli
// costs a fraction of a millisecond; @fastify/compress's stream pipeline cost ~0.7 ms of the event loop for each
// booking answer (a 33 KB base64 ticket), and its hooks ran on every request. Static files are compressed once,
// at build time (vite.config.ts); other streams (payment proofs, already-compressed images) go out as they are.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { LruMap } from '../lru-map.ts';

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|[\w.+-]*\+json|[\w.+-]*\+xml)|image\/svg\+xml)/i;
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Brotli quality for this route's answers (default 4). An answer that is mostly base64 of compressed bytes
     * (the booking's PDF ticket) shrinks as much at quality 1 for less than half the work.
     */
    brotliQuality?: number;
    /**
     * The route answers the same texts again and again (the read cache's searches and trips): each one's
     * compressed form is remembered (COMPRESSED_ANSWERS of them), not compressed again for every browser.
     */
    sameAnswers?: boolean;
  }
}

/** Compressed forms of the `sameAnswers` routes' texts, by the text itself and then by encoding and quality. */
const COMPRESSED_ANSWERS = 2_000;

const DEFAULT_BROTLI_QUALITY = 4;
const brotliOptions = (quality: number) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** The best encoding the client accepts (`br` before `gzip`; `q=0` refuses), or undefined. */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

async function compress(
  body: Buffer,
  encoding: Encoding,
  sync: boolean,
  brotliQuality = DEFAULT_BROTLI_QUALITY,
): Promise<Buffer> {
  if (encoding === 'br') {
    const options = brotliOptions(brotliQuality);
    return sync ? zlib.brotliCompressSync(body, options) : brotliAsync(body, options);
  }
  return sync ? zlib.gzipSync(body) : gzipAsync(body);
}

export interface CompressionOptions {
  /** Smaller answers go out as they are. */
  threshold?: number;
  /** Larger answers are compressed on libuv's thread pool instead of the event loop. */
  maxSyncBytes?: number;
}

export function compressInMemoryAnswers(
  app: FastifyInstance,
  { threshold = 1024, maxSyncBytes = 128 * 1024 }: CompressionOptions = {},
): void {
  const remembered = new LruMap<string, Map<string, Buffer>>(COMPRESSED_ANSWERS);
  // Callback style: most answers leave unchanged, without a promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? 'application/json');
    if (!COMPRESSIBLE.test(type)) return done(null, payload);
    const length = typeof payload === 'string' ? payload.length : payload.byteLength;
    // A string's bytes are at least its characters: count bytes only for a short one.
    if (length < threshold && (typeof payload !== 'string' || Buffer.byteLength(payload) < threshold))
      return done(null, payload);
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary))
      reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const config = request.routeOptions.config;
    const quality = config?.brotliQuality;
    const send = (compressed: Buffer) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, compressed);
    };
    // A text remembered by the read cache is the same string each time: looking it up costs no hashing of
    // its characters after the first (V8 keeps a string's hash).
    const known =
      config?.sameAnswers && typeof payload === 'string'
        ? remembered.getOrMake(payload, () => new Map())
        : undefined;
    const form = `${encoding}${quality ?? ''}`;
    const ready = known?.get(form);
    if (ready) return send(ready);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    compress(body, encoding, body.length <= maxSyncBytes, quality).then((compressed) => {
      known?.set(form, compressed);
      send(compressed);
    }, done);
  });
}
