import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import WebSocket from 'ws';
import { copyVault, sampleVault, tempDir } from '../helpers/fixtures.js';
import { MAX_BODY, WS_MAX_PAYLOAD, startWebServer, type RunningServer } from '../../src/server/webServer.js';

interface Reply {
  status: number;
  body: { ok: boolean; result?: unknown; error?: string };
}

function request(
  server: RunningServer,
  pathname: string,
  opts: { token?: string | null; body?: unknown; headers?: Record<string, string>; method?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    if (opts.token !== null) headers.authorization = `Bearer ${opts.token ?? server.token}`;
    const req = http.request(
      { host: '127.0.0.1', port: server.port, path: pathname, method: opts.method ?? 'POST', headers },
      (res) => {
        let data = '';
        res.on('data', (d: Buffer) => (data += d.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: data.startsWith('{') ? JSON.parse(data) : { ok: false, error: data },
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body === undefined ? undefined : JSON.stringify(opts.body));
  });
}

/** Sends bytes exactly as given (no client-side URL normalising, like `curl --path-as-is`) and returns the answer. */
function rawRequest(port: number, text: string | Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body });
    });
    socket.on('error', reject);
  });
}

/** POSTs `size` bytes to a channel, either with a Content-Length or chunked, and returns the answer. */
function bigPost(server: RunningServer, size: number, chunked: boolean): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      authorization: `Bearer ${server.token}`,
    };
    if (!chunked) headers['content-length'] = size;
    const req = http.request(
      { host: '127.0.0.1', port: server.port, path: '/api/invoke/status:get', method: 'POST', headers },
      (res) => {
        let data = '';
        res.on('data', (d: Buffer) => (data += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) }));
      },
    );
    req.on('error', reject);
    const piece = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('web mode server', () => {
  const tmp = tempDir();
  let server: RunningServer;
  let vault: string;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    vault = copyVault(sampleVault, tmp.dir);
    // A symlink inside the vault pointing outside it must not become a way out.
    writeFileSync(path.join(tmp.dir, 'secret.md'), 'outside the vault');
    symlinkSync(path.join(tmp.dir, 'secret.md'), path.join(vault, 'escape.md'));
    const webRoot = path.join(tmp.dir, 'web');
    mkdirSync(webRoot);
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>ObsiQuery</title>');
    server = await startWebServer({ vault, dataDir: path.join(tmp.dir, 'data'), webRoot, watch: false });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it('listens on loopback only and prints a tokenised URL', () => {
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?token=[0-9a-f]{48}$`));
  });

  it('refuses API requests without the token or with a wrong one', async () => {
    expect((await request(server, '/api/invoke/status:get', { token: null, body: {} })).status).toBe(401);
    expect((await request(server, '/api/invoke/status:get', { token: 'f'.repeat(48), body: {} })).status).toBe(401);
    const ok = await request(server, '/api/invoke/status:get', { body: {} });
    expect(ok.status).toBe(200);
    expect(ok.body.ok).toBe(true);
    expect((ok.body.result as { vault: string }).vault).toBe(vault);
  });

  it('refuses cross-origin requests and foreign Host headers (DNS rebinding)', async () => {
    expect(
      (await request(server, '/api/invoke/status:get', { body: {}, headers: { origin: 'http://evil.example' } }))
        .status,
    ).toBe(403);
    expect(
      (await request(server, '/api/invoke/status:get', { body: {}, headers: { host: `evil.example:${server.port}` } }))
        .status,
    ).toBe(421);
  });

  it('validates payloads against the contract and names the bad field', async () => {
    const r = await request(server, '/api/invoke/search:query', { body: { query: '' } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/query/);
    expect((await request(server, '/api/invoke/nope:nope', { body: {} })).status).toBe(404);
  });

  // The search box's answer carries why it may miss: the sample vault's model reads English only.
  it('a search in a language the vault’s model does not read comes back with a notice saying so', async () => {
    const read = async (query: string) => {
      const r = await request(server, '/api/invoke/search:query', { body: { query } });
      expect(r.body.ok, r.body.error).toBe(true);
      return (r.body.result as { notices: string[] }).notices;
    };
    expect(await read('¿Cuándo es mi próxima revisión dental?')).toEqual([
      expect.stringMatching(/which reads English only, and the question reads as Spanish/),
    ]);
    expect(await read('When is my next dental check-up?')).toEqual([]);
  });

  it('serves notes inside the vault and refuses traversal, absolute paths and escaping symlinks', async () => {
    const ok = await request(server, '/api/invoke/note:read', { body: { source: 'Home.md' } });
    expect(ok.body.ok).toBe(true);
    expect((ok.body.result as { obsidian_uri: string }).obsidian_uri).toMatch(
      /^obsidian:\/\/open\?vault=vault&file=Home$/,
    );
    for (const source of ['../../etc/passwd', '/etc/passwd', '../secret.md', 'escape.md', 'Daily/../../secret.md']) {
      const r = await request(server, '/api/invoke/note:read', { body: { source } });
      expect(r.body.ok, source).toBe(false);
      expect(r.body.error, source).toMatch(/Refused|not found/i);
    }
  });

  it('does not serve files outside the web root', async () => {
    const r = await request(server, '/..%2f..%2fpackage.json', { method: 'GET', token: null });
    expect(r.status).toBe(404);
  });

  it('streams events over a WebSocket only with the token', async () => {
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/events`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(refused).toBe(401);
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/events?token=${server.token}`);
    await new Promise((r) => ws.on('open', r));
    const got = new Promise<{ event: string }>((resolve) => ws.on('message', (d) => resolve(JSON.parse(d.toString()))));
    server.backend.emit('log:changed', { ids: [1] });
    expect((await got).event).toBe('log:changed');
    ws.close();
  });

  const alive = async () => (await request(server, '/api/invoke/status:get', { body: {} })).status;

  // Regression (fixed bug): decodeURIComponent threw URIError on the static-file branch and the process exited.
  it('answers malformed percent-encodings and junk request lines with a JSON 400 and keeps serving', async () => {
    for (const target of ['/%E0%A4%A', '/%', '/%zz', '/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd', '/a%00b']) {
      const r = await rawRequest(
        server.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
      );
      expect([400, 404], target).toContain(r.status);
      expect(JSON.parse(r.body).ok, target).toBe(false);
    }
    const junk = await rawRequest(server.port, Buffer.from('GET /\x01\xff HTTP/1.1\r\n\r\n', 'latin1'));
    expect(junk.status).toBe(400);
    expect(JSON.parse(junk.body)).toEqual({ ok: false, error: expect.stringMatching(/^Bad Request \(HPE_\w+\)\.$/) });
    expect(await alive()).toBe(200);
  });

  // Regression (fixed bug): the server-side socket had no 'error' listener, so ws threw and the process exited.
  it('closes a WebSocket that sends a frame over the limit with 1009 and keeps serving', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/events?token=${server.token}`);
    await new Promise((r) => ws.on('open', r));
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.send(Buffer.alloc(WS_MAX_PAYLOAD + 1));
    expect(await closed).toBe(1009);
    expect(await alive()).toBe(200);
  });

  // Regression (fixed bug): a body over the limit got a connection reset instead of an answer.
  it('answers a 50 MB body with 413 and a JSON error, with or without Content-Length', async () => {
    for (const chunked of [false, true]) {
      const started = Date.now();
      const r = await bigPost(server, 50 * 1024 * 1024, chunked);
      expect(r.status, `chunked=${chunked}`).toBe(413);
      expect(r.body.error).toMatch(/larger than the 1024 KB limit/);
      expect(Date.now() - started).toBeLessThan(20_000);
    }
    const head = (extra: string) =>
      `POST /api/invoke/status:get HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${server.token}\r\nContent-Length: ${MAX_BODY + 1}\r\n${extra}Connection: close\r\n\r\n`;
    const justOver = await rawRequest(server.port, Buffer.concat([Buffer.from(head('')), Buffer.alloc(MAX_BODY + 1)]));
    // With "Expect: 100-continue" the body is refused before the client sends a byte of it.
    const expecting = await rawRequest(server.port, head('Expect: 100-continue\r\n'));
    expect(expecting.status).toBe(413);
    expect(JSON.parse(expecting.body).error).toMatch(/larger than/);
    expect(justOver.status).toBe(413);
    expect(await alive()).toBe(200);
  });

  it('accepts the token only as "Authorization: Bearer <token>"', async () => {
    const status = async (authorization: string) =>
      (await request(server, '/api/invoke/status:get', { token: null, body: {}, headers: { authorization } })).status;
    expect(await status(`Bearer ${server.token}`)).toBe(200);
    for (const form of [
      server.token,
      `bearer ${server.token}`,
      `Bearer  ${server.token}`,
      `Basic ${server.token}`,
      `Bearer ${server.token} x`,
      `Token ${server.token}`,
    ]) {
      expect(await status(form), form).toBe(401);
    }
  });
});
