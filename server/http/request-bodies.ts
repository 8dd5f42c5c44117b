// Reading request bodies, at the least cost an attacker can make us pay. Each route reads at most what its
// schema can legitimately hold (body-limits.ts); JSON nested deeper than 32 levels is refused by a byte scan
// while it arrives, before JSON.parse sees it (an 800 KB `[[[…]]]` cost 50–140 ms of the event loop); a route
// that takes no body, and an unknown path, never parse one. An answer that leaves before its request's body has
// arrived reads a small rest (and drops it) first; after a large one it closes the connection, gently, so that
// the client reads the answer rather than a reset.
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { errorCodes, type FastifyInstance, type FastifyRequest, type FastifySchema } from 'fastify';
import { HttpError } from './errors.ts';

/** Deepest nesting of arrays and objects a JSON body may have; the registry's forms need 3. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * A scanner fed a JSON text chunk by chunk: false as soon as arrays and objects nest deeper than `maxDepth`
 * outside strings. It only counts brackets (JSON.parse still judges the text); UTF-8 continuation bytes are
 * never ASCII, so bytes can be scanned as they come.
 */
export function nestingScanner(maxDepth = MAX_JSON_DEPTH): (chunk: Uint8Array) => boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > maxDepth) return false;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
    }
    return true;
  };
}

/** A route takes a body when its schema declares one (`body`, or a `form` its handler reads itself). */
function takesBody(request: FastifyRequest, schema: FastifySchema | undefined): boolean {
  return !request.is404 && !!(schema?.body || schema?.form);
}

type Done = (error: Error | null, body?: unknown) => void;
type Decode = (request: FastifyRequest, text: string, done: Done) => void;

/** Reads the body up to the route's limit, scanning it as it comes, then decodes it; stops at the first fault. */
function reader(decode: Decode, scan?: () => (chunk: Uint8Array) => boolean) {
  return (request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done) => {
    const route = request.routeOptions;
    if (!takesBody(request, route.schema)) return done(null, undefined);
    const limit = route.bodyLimit;
    const declared = Number(request.headers['content-length']);
    if (declared > limit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    const nestingAllowed = scan?.();
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (error: Error | null) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
      if (error) return done(error);
      if (!Number.isNaN(declared) && received !== declared)
        return done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      decode(request, Buffer.concat(chunks, received).toString('utf8'), done);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) return finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      if (nestingAllowed && !nestingAllowed(bytes)) return finish(new HttpError(400, TOO_DEEP_MESSAGE));
      chunks.push(bytes);
    }
    function onEnd(error?: Error & { statusCode?: number }) {
      if (error && !(error.statusCode && error.statusCode >= 400)) error.statusCode = 400;
      finish(error ?? null);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep the body's text as it arrived (`request.rawBody`): a webhook signed over its exact bytes. */
    keepRawBody?: boolean;
  }
  interface FastifyRequest {
    rawBody?: string;
  }
}

/** Replaces Fastify's JSON and text parsers (call before registering routes). */
export function readBodiesCheaply(app: FastifyInstance) {
  const defaultJson = app.getDefaultJsonParser('error', 'error') as unknown as Decode;
  const parseJson: Decode = (request, text, done) => {
    if (request.routeOptions.config?.keepRawBody) request.rawBody = text;
    defaultJson(request, text, done);
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', reader(parseJson, nestingScanner));
  app.addContentTypeParser(
    'text/plain',
    reader((_request, text, done) => done(null, text)),
  );
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete !== false) return done(null, payload);
    // An answer before the body has arrived (a 429 for a carrier's shared address, a 404): closed at once,
    // the connection reset what the client was still sending, and it saw "EPIPE" instead of the answer.
    const declared = Number(request.headers['content-length']);
    if (declared <= READ_BEFORE_ANSWERING_BYTES) {
      // A small body: read it (and drop it), then answer on a connection that stays open.
      readToEnd(request.raw).then(() => done(null, payload));
      return;
    }
    // A large or endless one is not read: the answer goes first, then the connection closes gently.
    reply.header('connection', 'close');
    closeAfterAnswer(request.raw.socket);
    request.raw.unpipe();
    request.raw.resume();
    done(null, payload);
  });
}

/** Bodies this small are read whole before a refusal is sent: a booking with its proof as the browser sends it. */
export const READ_BEFORE_ANSWERING_BYTES = 256 * 1024;

/** Resolves when the request's body has arrived (dropped as it comes), or its connection is gone. */
function readToEnd(raw: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    raw.unpipe();
    raw.once('end', resolve);
    raw.once('close', resolve);
    raw.once('error', resolve);
    raw.resume();
  });
}

/**
 * Closes a connection after its answer has been sent without resetting it: Node destroys the socket once the
 * answer is written, and the client, still sending its body, gets a reset that can overtake the answer. Here
 * the server's side ends (the answer, then FIN), what the client still sends is read and dropped, and the
 * socket closes when the client closes its side or the request's own time runs out (Node's request timeout).
 */
function closeAfterAnswer(socket: Socket | null) {
  if (!(socket instanceof Socket)) return; // app.inject's stand-in
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
  };
}
