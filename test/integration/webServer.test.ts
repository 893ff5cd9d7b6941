import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import WebSocket from 'ws';
import { copyVault, sampleVault, tempDir } from '../helpers/fixtures.js';
import { startWebServer, type RunningServer } from '../../src/server/webServer.js';

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
});
