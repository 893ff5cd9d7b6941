import { randomBytes, timingSafeEqual } from 'node:crypto';
import { fork } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { describeError, errorMessage } from '../shared/errors.js';
import { events, isRequestChannel } from '../shared/contract.js';
import type { FromWorker } from '../shared/workerProtocol.js';
import { Backend, type HostHooks } from '../services/backend.js';
import { watchVault } from '../services/vaultWatcher.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
/** The built renderer; OBSIQUERY_WEB_ROOT points `serve` at another build (tests use a stub page). */
export const WEB_ROOT = process.env.OBSIQUERY_WEB_ROOT?.trim() || path.join(repoRoot, 'out/web');
/** Largest request body: the biggest valid payload (settings with 500 exclude patterns) is far below it. */
export const MAX_BODY = 1024 * 1024;
/** Largest WebSocket frame a client may send; the event channel is server-to-client, so this is generous. */
export const WS_MAX_PAYLOAD = 64 * 1024;
const TOO_LARGE = `Request body is larger than the ${MAX_BODY / 1024} KB limit.`;

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface WebServerOptions {
  port?: number;
  vault?: string;
  dataDir?: string;
  token?: string;
  webRoot?: string;
  hooks?: HostHooks;
  watch?: boolean;
  /** `serve --[no-]follow-external-links`: saved into the settings of every vault this server opens. */
  followExternalLinks?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  token: string;
  backend: Backend;
  close(): Promise<void>;
}

/** The pipeline worker as a Node child process: the same worker module Electron runs as a utilityProcess. */
function spawnNodeWorker() {
  const child = fork(path.join(repoRoot, 'src/main/pipelineWorker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    post: (m: unknown) => child.connected && child.send(m as never),
    onMessage: (fn: (m: FromWorker) => void) => child.on('message', (m) => fn(m as FromWorker)),
    onExit: (fn: (code: number | null) => void) => child.on('exit', (code) => fn(code)),
    kill: () => child.kill(),
  };
}

/**
 * The one accepted form of the token on API requests: `Authorization: Bearer <token>` (exactly that scheme
 * word, one space). A bare token or another scheme is refused, so there is a single documented way in.
 */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer ([^\s]+)$/.exec(header ?? '');
  return m ? m[1]! : null;
}

/** The request target as a URL, or null when it cannot be one (never throws). */
function parseUrl(target: string | undefined, port: number): URL | null {
  try {
    return new URL(target ?? '/', `http://127.0.0.1:${port}`);
  } catch {
    return null;
  }
}

function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
): void {
  if (res.headersSent || res.destroyed || res.socket?.destroyed) return void res.destroy();
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** A JSON error written straight to a socket, for answers given outside an http.ServerResponse. */
function answerRaw(socket: Duplex, status: number, reason: string, error: string): void {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify({ ok: false, error });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * An error that escapes the HTTP layer itself (not the backend's envelope): the client's fault when its
 * request was malformed, else ours.
 */
function statusOf(err: unknown): number {
  return describeError(err).code === 'request.invalid' ? 400 : 500;
}

/**
 * How much of an oversized body is read and thrown away so its sender can read the 413: closing a socket
 * the client is still writing to makes the kernel send a reset, and the client sees that instead of the
 * answer (the "connection reset" this replaced). A body declared or grown past DRAIN_BYTES, or still coming
 * after DRAIN_MS, gets its 413 at once and the connection is closed.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 5_000;

/** An oversized body: answer 413; `close` when the rest of it was not drained. */
type TooLarge = { tooLarge: true; close: boolean };

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the limit is refused without
 * keeping a byte (a client that sends `Expect: 100-continue` is refused before it sends any, see
 * checkContinue); a chunked body is refused as soon as it passes the limit and nothing past it is kept.
 */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | TooLarge> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let chunks: Buffer[] | null = [];
    const drainThenRefuse = () => {
      chunks = null;
      let drained = 0;
      const giveUp = () => {
        clearTimeout(timer);
        req.removeAllListeners('data');
        req.pause();
        resolve({ tooLarge: true, close: true });
      };
      const timer = setTimeout(giveUp, DRAIN_MS);
      req.on('data', (c: Buffer) => {
        drained += c.length;
        if (drained > DRAIN_BYTES) giveUp();
      });
      req.on('end', () => {
        clearTimeout(timer);
        resolve({ tooLarge: true, close: false });
      });
    };
    req.on('error', reject);
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > DRAIN_BYTES) return resolve({ tooLarge: true, close: true });
    if (declared > limit) return drainThenRefuse();
    const onData = (c: Buffer) => {
      size += c.length;
      if (size <= limit) return void chunks?.push(c);
      req.off('data', onData);
      drainThenRefuse();
    };
    req.on('data', onData);
    req.on('end', () => chunks && resolve(Buffer.concat(chunks)));
  });
}

function tokenMatches(expected: Buffer, given: string | null | undefined): boolean {
  if (!given) return false;
  const g = Buffer.from(given);
  return g.length === expected.length && timingSafeEqual(g, expected);
}

/**
 * Web mode: the same renderer and the same contract as the desktop app, over HTTP (requests) and a
 * WebSocket (events). Bound to 127.0.0.1 only; every API call needs the random token from the printed URL,
 * and Host/Origin must be this server's own (no DNS rebinding, no cross-site requests).
 */
export async function startWebServer(opts: WebServerOptions = {}): Promise<RunningServer> {
  const webRoot = opts.webRoot ?? WEB_ROOT;
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    throw new Error(`The web UI is not built (${webRoot}/index.html missing): run \`npm run build:web\` first.`);
  }
  const token = opts.token ?? randomBytes(24).toString('hex');
  const tokenBuf = Buffer.from(token);
  const backend = new Backend(spawnNodeWorker, opts.hooks ?? {});
  backend.followExternalLinks = opts.followExternalLinks;
  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const originOk = (origin: string | undefined) =>
    !origin || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;

  const server = http.createServer(
    {
      // Slow or stalled clients (slowloris) are cut off: headers within 10 s, a whole request within 15 s,
      // checked every second rather than Node's default 30 s.
      headersTimeout: 10_000,
      requestTimeout: 15_000,
      connectionsCheckingInterval: 1_000,
      // A request without Host gets our JSON 421 (below) rather than Node's empty 400.
      requireHostHeader: false,
    },
    (req, res) => {
      // Every request ends in a JSON answer: a throw anywhere in handling becomes a 4xx/5xx, never a crash.
      handleHttp(req, res).catch((err: unknown) =>
        sendJson(res, statusOf(err), { ok: false, error: errorMessage(err) }),
      );
    },
  );
  // Requests Node's parser rejects (bad request line, bad header bytes, headers too large, timeouts) also get a
  // JSON error instead of Node's bare text answer.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || err.code === 'ECONNRESET') return void socket.destroy();
    const [status, text] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout']
          : [400, 'Bad Request'];
    answerRaw(socket, status, text, `${text}${err.code ? ` (${err.code})` : ''}.`);
  });

  // `Expect: 100-continue` (curl does this for big bodies): an oversized body is refused before it is sent.
  server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY)
      return sendJson(res, 413, { ok: false, error: TOO_LARGE }, { connection: 'close' });
    res.writeContinue();
    server.emit('request', req, res);
  });
  // CONNECT (proxy tunnels) is not an ordinary request in Node: without this it would be dropped unanswered.
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    answerRaw(socket, 405, 'Method Not Allowed', 'Method not allowed.');
  });

  async function handleHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => sendJson(res, status, body);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('referrer-policy', 'no-referrer');
    if (!allowedHosts().has(req.headers.host ?? '')) return send(421, { ok: false, error: 'Wrong host.' });
    const url = parseUrl(req.url, port);
    if (!url) return send(400, { ok: false, error: 'Malformed request path.' });

    if (url.pathname.startsWith('/api/')) {
      if (!originOk(req.headers.origin)) return send(403, { ok: false, error: 'Cross-origin requests are refused.' });
      if (!tokenMatches(tokenBuf, bearerToken(req.headers.authorization)))
        return send(401, { ok: false, error: 'Missing or wrong token (send "Authorization: Bearer <token>").' });
      const m = /^\/api\/invoke\/([\w:]+)$/.exec(url.pathname);
      if (!m || req.method !== 'POST') return send(404, { ok: false, error: 'Not found.' });
      const channel = m[1]!;
      if (!isRequestChannel(channel)) return send(404, { ok: false, error: `Unknown channel ${channel}.` });
      const body = await readBody(req, MAX_BODY);
      if (!Buffer.isBuffer(body))
        return sendJson(res, 413, { ok: false, error: TOO_LARGE }, body.close ? { connection: 'close' } : {});
      let payload: unknown;
      try {
        payload = body.length ? JSON.parse(body.toString('utf8')) : {};
      } catch {
        return send(400, { ok: false, error: 'Body is not JSON.' });
      }
      try {
        return send(200, { ok: true, result: await backend.handle(channel, payload) });
      } catch (err) {
        // The status follows the error's code (src/shared/errors.ts): a request the contract refuses is the
        // client's fault (400); one the backend could not serve travels in the envelope, as over IPC.
        const { httpStatus, message } = describeError(err);
        return send(httpStatus, { ok: false, error: message });
      }
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { ok: false, error: 'Method not allowed.' });
    // Static files of the built renderer: public code, no user data, so no token needed to load them.
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    } catch {
      return send(400, { ok: false, error: 'Malformed percent-encoding in the path.' });
    }
    const file = path.resolve(webRoot, '.' + rel);
    if (rel.includes('\0') || !file.startsWith(webRoot + path.sep) || !existsSync(file) || !statSync(file).isFile())
      return send(404, { ok: false, error: 'Not found.' });
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'content-security-policy': CSP,
      'cache-control': rel === '/index.html' ? 'no-store' : 'public, max-age=3600',
    });
    if (req.method === 'HEAD') return void res.end();
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  const sockets = new Set<WebSocket>();
  // A malformed handshake (bad key, version, method...) gets a JSON 400 like every other bad request.
  wss.on('wsClientError', (err: Error, socket: Duplex) => {
    answerRaw(socket, 400, 'Bad Request', `Bad WebSocket handshake: ${err.message}.`);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // Errors on the raw socket before the handshake (a client that resets) must not become uncaught.
    socket.on('error', () => socket.destroy());
    const url = parseUrl(req.url, port);
    const ok =
      url !== null &&
      url.pathname === '/api/events' &&
      allowedHosts().has(req.headers.host ?? '') &&
      originOk(req.headers.origin) &&
      tokenMatches(tokenBuf, url.searchParams.get('token'));
    if (!ok) {
      answerRaw(socket, 401, 'Unauthorized', 'Missing or wrong token, host or origin.');
      return;
    }
    try {
      wss.handleUpgrade(req, socket, head, (ws) => {
        sockets.add(ws);
        // ws reports a frame over maxPayload (and any protocol violation) as an 'error' on the socket, then
        // closes it with the matching code (1009 for too big). Without a listener that error would be thrown
        // and end the whole server.
        ws.on('error', () => ws.terminate());
        ws.on('close', () => sockets.delete(ws));
        // The event channel is one-way; whatever a client sends is ignored.
        ws.on('message', () => undefined);
      });
    } catch {
      socket.destroy();
    }
  });
  backend.onEvent((event, payload) => {
    if (!events[event].safeParse(payload).success) return;
    const msg = JSON.stringify({ event, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(msg);
  });

  let stopWatching: (() => Promise<void>) | null = null;
  backend.onEvent((event, payload) => {
    if (event !== 'vault:changed') return;
    void stopWatching?.();
    const vault = (payload as { vault: string | null }).vault;
    stopWatching = vault && opts.watch !== false ? watchVault(vault, () => backend.worker.requestSync()) : null;
    if (vault) backend.worker.requestSync();
  });
  backend.preferredDataDir = opts.dataDir;
  if (opts.vault) await backend.openVault(opts.vault, opts.dataDir);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}/?token=${token}`;
  return {
    url,
    port,
    token,
    backend,
    async close() {
      await stopWatching?.();
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((r) => server.close(() => r()));
      await backend.close();
    },
  };
}
