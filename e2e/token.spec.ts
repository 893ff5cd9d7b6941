/**
 * Web mode is reachable by anything on this machine, so every API call needs the random token from the printed
 * URL, and Host/Origin must be the server's own. Checked from Node (a hostile local client) and from the page.
 */
import http from 'node:http';
import { WebSocket as NodeWebSocket } from 'ws';
import type { AppServer } from './support/server.js';
import { expect, openApp, test, useAppServer } from './support/fixtures.js';

const app = useAppServer('token', { synced: false });

async function invokeStatus(server: AppServer, headers: Record<string, string>, query = '') {
  const res = await fetch(`${server.origin}/api/invoke/status:get${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; error?: string; result?: unknown } };
}

/** Raw request, so the Host header can be forged (fetch does not allow that). */
function rawStatus(server: AppServer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, path: '/api/invoke/status:get', method: 'POST', headers },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

/** Resolves with 'open' or the HTTP status the upgrade was refused with. */
function wsOutcome(url: string, headers: Record<string, string> = {}): Promise<'open' | number | string> {
  return new Promise((resolve) => {
    const ws = new NodeWebSocket(url, { headers });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', (err) => resolve(`error: ${err.message}`));
  });
}

test('API: no token or a wrong token is refused with 401', async () => {
  const { server } = app;
  const none = await invokeStatus(server, {});
  expect(none.status).toBe(401);
  expect(none.body.ok).toBe(false);
  expect(none.body.result).toBeUndefined();

  const wrongSameLength = 'f'.repeat(server.token.length);
  expect((await invokeStatus(server, { authorization: `Bearer ${wrongSameLength}` })).status).toBe(401);
  expect((await invokeStatus(server, { authorization: 'Bearer nope' })).status).toBe(401);
  expect((await invokeStatus(server, { authorization: `Bearer ${server.token}x` })).status).toBe(401);
  // The token in the page URL is for the browser to pick up, not an alternative way to authenticate calls.
  expect((await invokeStatus(server, {}, `?token=${server.token}`)).status).toBe(401);

  const right = await invokeStatus(server, { authorization: `Bearer ${server.token}` });
  expect(right.status).toBe(200);
  expect(right.body.ok).toBe(true);
});

test('API: a right token from a foreign Origin or Host is still refused', async () => {
  const { server } = app;
  const auth = { authorization: `Bearer ${server.token}` };
  expect((await invokeStatus(server, { ...auth, origin: 'http://evil.example' })).status).toBe(403);
  expect(await rawStatus(server, { ...auth, host: `evil.example:${server.port}` })).toBe(421);
  expect(await rawStatus(server, { ...auth, host: `127.0.0.1:${server.port}` })).toBe(200);
});

test('WebSocket: refused without the right token, accepted with it', async () => {
  const { server } = app;
  const ws = `${server.origin.replace(/^http/, 'ws')}/api/events`;
  expect(await wsOutcome(ws)).toBe(401);
  expect(await wsOutcome(`${ws}?token=wrong`)).toBe(401);
  expect(await wsOutcome(`${ws}?token=${server.token}`, { origin: 'http://evil.example' })).toBe(401);
  expect(await wsOutcome(`${ws}?token=${server.token}`)).toBe('open');
});

test('page: same-origin requests work with the token and fail without it', async ({ page }) => {
  const { server } = app;
  await openApp(page, server);
  const results = await page.evaluate(async (token: string) => {
    const call = async (headers: Record<string, string>) => {
      const res = await fetch('/api/invoke/status:get', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as { ok: boolean; result?: { counts?: unknown } } };
    };
    const socket = (url: string) =>
      new Promise<string>((resolve) => {
        const W = (
          globalThis as unknown as {
            WebSocket: new (u: string) => { onopen: unknown; onclose: unknown; close(): void };
          }
        ).WebSocket;
        const s = new W(url);
        s.onopen = () => {
          s.close();
          resolve('open');
        };
        s.onclose = () => resolve('closed');
      });
    const base = (globalThis as unknown as { location: { host: string } }).location.host;
    return {
      withToken: await call({ authorization: `Bearer ${token}` }),
      without: await call({}),
      wsWithout: await socket(`ws://${base}/api/events`),
      wsWith: await socket(`ws://${base}/api/events?token=${token}`),
    };
  }, server.token);

  expect(results.withToken.status).toBe(200);
  expect(results.withToken.body.ok).toBe(true);
  expect(results.withToken.body.result?.counts).toBeTruthy();
  expect(results.without.status).toBe(401);
  expect(results.wsWithout).toBe('closed');
  expect(results.wsWith).toBe('open');
});
