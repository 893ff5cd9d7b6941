import { randomBytes, timingSafeEqual } from 'node:crypto';
import { fork } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import { ZodError } from 'zod';
import { events, isRequestChannel } from '../shared/contract.js';
import type { FromWorker } from '../shared/workerProtocol.js';
import { Backend, type HostHooks } from '../services/backend.js';
import { watchVault } from '../services/vaultWatcher.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
export const WEB_ROOT = path.join(repoRoot, 'out/web');
const MAX_BODY = 1024 * 1024;

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
  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const originOk = (origin: string | undefined) =>
    !origin || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('referrer-policy', 'no-referrer');
    if (!allowedHosts().has(req.headers.host ?? '')) return send(421, { ok: false, error: 'Wrong host.' });
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);

    if (url.pathname.startsWith('/api/')) {
      if (!originOk(req.headers.origin)) return send(403, { ok: false, error: 'Cross-origin requests are refused.' });
      const auth = req.headers.authorization?.replace(/^Bearer\s+/i, '');
      if (!tokenMatches(tokenBuf, auth)) return send(401, { ok: false, error: 'Missing or wrong token.' });
      const m = /^\/api\/invoke\/([\w:]+)$/.exec(url.pathname);
      if (!m || req.method !== 'POST') return send(404, { ok: false, error: 'Not found.' });
      const channel = m[1]!;
      if (!isRequestChannel(channel)) return send(404, { ok: false, error: `Unknown channel ${channel}.` });
      let size = 0;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) req.destroy();
        else chunks.push(c);
      });
      req.on('end', () => {
        let payload: unknown;
        try {
          payload = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
        } catch {
          return send(400, { ok: false, error: 'Body is not JSON.' });
        }
        backend.handle(channel, payload).then(
          (result) => send(200, { ok: true, result }),
          (err: Error) =>
            send(err instanceof ZodError ? 400 : 200, {
              ok: false,
              error:
                err instanceof ZodError
                  ? `Invalid request: ${err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`
                  : err.message,
            }),
        );
      });
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { ok: false, error: 'Method not allowed.' });
    // Static files of the built renderer: public code, no user data, so no token needed to load them.
    const rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = path.resolve(webRoot, '.' + rel);
    if (!file.startsWith(webRoot + path.sep) || !existsSync(file) || !statSync(file).isFile())
      return send(404, { ok: false, error: 'Not found.' });
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'content-security-policy': CSP,
      'cache-control': rel === '/index.html' ? 'no-store' : 'public, max-age=3600',
    });
    createReadStream(file).pipe(res);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sockets = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const ok =
      url.pathname === '/api/events' &&
      allowedHosts().has(req.headers.host ?? '') &&
      originOk(req.headers.origin) &&
      tokenMatches(tokenBuf, url.searchParams.get('token'));
    if (!ok) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
    });
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
