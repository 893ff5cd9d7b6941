import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { copyVault, repoRoot, sampleVault, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { faultSeed, Rng } from './support/rng.js';
import { requests, type RequestChannel } from '../../src/shared/contract.js';
import { MAX_BODY, WS_MAX_PAYLOAD } from '../../src/server/webServer.js';

/*
 * Fuzzes the whole web-mode surface of the REAL server: `obsiquery serve` in a child process (so a crash is a
 * process exit we can see) on a real index of the sample vault. Several thousand seeded requests: without the
 * token (random paths and methods, broken and overlong percent-encodings, `..` in every encoding, huge URLs,
 * hostile Host / Origin / Content-Length, slowloris), with the token (every contract channel, random and
 * malformed payloads, JSON bombs, wrong types, huge strings, bodies at and over the limit) and over the
 * WebSocket (bad upgrades, frames at and over the limit, binary and broken frames, abrupt disconnects, 200
 * connects). After every answer the process must be alive; every answer must be 2xx, or 4xx with a JSON
 * error, within a time bound; afterwards search still finds the right note and the index is byte-for-byte
 * the same rows. Seed: fixed by default (see support/rng.ts); FUZZ_SEED=random explores, FUZZ_SEED=N replays.
 */
useFastEmbedder();

const SUITE = 'serverFuzz';
const seed = faultSeed(SUITE, 'FUZZ_SEED');
const rng = new Rng(seed);
const hint = (where: string) => `[${SUITE} FUZZ_SEED=${seed}] ${where}`;
const cli = path.join(repoRoot, 'bin/obsiquery.js');

/** HTTP requests per class; WebSocket work is counted separately. ~3,500 requests in all. */
const PLAN = { path: 900, method: 250, headers: 400, token: 1800 };
const CONCURRENCY = 6;
/** Every answer must arrive within this (search embeds a query; the machine is shared). */
const ANSWER_MS = 10_000;
/** Partial requests are cut off by the server's headersTimeout (10 s) / requestTimeout (15 s), checked each second. */
const SLOWLORIS_MS = 20_000;

/*
 * Channels that start long work or change state (the index, the settings, the open vault, the chat model)
 * are sent only payloads the contract must refuse, and their answer must be 400: a fuzzer that indexed,
 * paused, re-targeted or reconfigured the server would make "nothing in the index changed" meaningless, and
 * chat:send / chat:history would load the chat model for minutes. vault:inspect walks whatever folder it is
 * given (a random "/" would walk the disk). Everything else is read-only and gets random payloads too.
 */
const GUARDED = new Set<RequestChannel>([
  'vault:add',
  'vault:inspect',
  'sync:start',
  'sync:pause',
  'log:setEnabled',
  'log:retry',
  'chat:send',
  'chat:history',
  'settings:set',
]);
const CHANNELS = Object.keys(requests) as RequestChannel[];

interface Answer {
  status: number;
  headers: string;
  body: string;
}

const counts = {
  sent: {} as Record<string, number>,
  status: {} as Record<string, number>,
};
const slowResults: string[] = [];
const bump = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);

let child: ChildProcess;
let died: string | null = null;
let stderrTail = '';
let port = 0;
let token = '';

function assertAlive(where: string): void {
  const gone = died ?? (child.exitCode !== null || child.signalCode !== null ? 'exited' : null);
  if (gone) throw new Error(hint(`server died after ${where}: ${gone}\nstderr:\n${stderrTail}`));
  process.kill(child.pid!, 0); // throws ESRCH if the process is gone
}

/** Sends raw bytes on a fresh connection and reads the answer until the server closes it. */
function raw(bytes: Buffer | string, timeoutMs = ANSWER_MS): Promise<Answer | { error: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ error: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => undefined); // a reset after the answer is fine; no answer is caught below
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!m || split < 0) return resolve({ error: `no HTTP answer (got ${JSON.stringify(text.slice(0, 80))})` });
      const headers = text.slice(0, split).toLowerCase();
      let body = text.slice(split + 4);
      if (/transfer-encoding: chunked/.test(headers)) body = dechunk(body);
      resolve({ status: Number(m[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') });
    });
  });
}

function dechunk(s: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const nl = s.indexOf('\r\n', i);
    if (nl < 0) return out;
    const n = parseInt(s.slice(i, nl), 16);
    if (!n) return out;
    out += s.slice(nl + 2, nl + 2 + n);
    i = nl + 2 + n + 2;
  }
}

/** The rule every answer obeys: 2xx, or 4xx with a JSON `{ ok: false, error }`; never 5xx, never silence. */
function check(cls: string, what: string, a: Answer | { error: string }, expectStatus?: number): void {
  bump(counts.sent, cls);
  if ('error' in a) {
    if (died) throw new Error(hint(`${cls}: ${what}: the server died (${died})\nstderr:\n${stderrTail}`));
    throw new Error(hint(`${cls}: ${what}: ${a.error}`));
  }
  bump(counts.status, String(a.status));
  if (expectStatus !== undefined && a.status !== expectStatus)
    throw new Error(hint(`${cls}: ${what}: expected ${expectStatus}, got ${a.status} ${a.body.slice(0, 200)}`));
  if (a.status >= 200 && a.status < 300) return;
  if (a.status < 400 || a.status >= 500)
    throw new Error(hint(`${cls}: ${what}: status ${a.status} ${a.body.slice(0, 200)}`));
  // A HEAD answer has no body by definition: its headers must still announce the JSON error.
  if (/^"?HEAD\b/.test(what)) {
    if (!/content-type: application\/json/.test(a.headers))
      throw new Error(hint(`${cls}: ${what}: ${a.status} HEAD answer is not JSON: ${a.headers}`));
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(a.body);
  } catch {
    throw new Error(hint(`${cls}: ${what}: ${a.status} without a JSON body: ${JSON.stringify(a.body.slice(0, 120))}`));
  }
  const p = parsed as { ok?: unknown; error?: unknown };
  if (p.ok !== false || typeof p.error !== 'string' || !p.error)
    throw new Error(hint(`${cls}: ${what}: ${a.status} body is not a JSON error: ${a.body.slice(0, 120)}`));
}

function httpRequest(
  method: string,
  target: string,
  headers: Record<string, string> | [string, string][],
  body: Buffer | string = '',
): Buffer {
  const list = Array.isArray(headers) ? headers : Object.entries(headers);
  const head = [`${method} ${target} HTTP/1.1`, ...list.map(([k, v]) => `${k}: ${v}`), 'Connection: close', '', ''];
  return Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body)]);
}

const host = () => `127.0.0.1:${port}`;

// ---- generators -------------------------------------------------------------------------------------------

const DOTS = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '%C0%AE.',
  '%uff0e%uff0e',
  '%ef%bc%8e%ef%bc%8e',
  '..%00',
  '%e0%80%ae%e0%80%ae',
];
const SEPS = ['/', '%2f', '%2F', '%5c', '\\', '%252f', '%c0%af', '%e0%80%af', '//', '/./'];
const BROKEN_PCT = [
  '%',
  '%%',
  '%E0%A4%A',
  '%zz',
  '%G0',
  '%C0',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%FF%FE',
  '%80',
  '%E2%82',
  '%0',
  '%u0041',
];
const TARGETS = [
  '/etc/passwd',
  'package.json',
  '.git/config',
  'src/server/webServer.ts',
  'index.html',
  'api/invoke/status:get',
];

function randomBytesPath(r: Rng): string {
  // Bytes the request line can carry (no space, CR, LF): Node's parser refuses some, which must still be a JSON 400.
  let out = '/';
  const n = r.int(1, 60);
  for (let i = 0; i < n; i++) {
    let b = r.int(0x21, 0xff);
    if (b === 0x7f) b = 0x41;
    out += String.fromCharCode(b);
  }
  return out;
}

function randomPath(r: Rng): string {
  const kind = r.weighted([
    ['bytes', 3],
    ['broken', 3],
    ['traversal', 4],
    ['long', 1],
    ['api', 2],
  ] as const);
  const prefix = r.pick(['', '/api', '/api/invoke', '/assets', '/api/events']);
  switch (kind) {
    case 'bytes':
      return prefix + randomBytesPath(r);
    case 'broken':
      return `${prefix}/${r.pick(['', 'a', 'index.html'])}${r.pick(BROKEN_PCT)}${r.chance(0.5) ? r.pick(BROKEN_PCT) : ''}`;
    case 'traversal': {
      const depth = r.int(1, 8);
      const parts = Array.from({ length: depth }, () => r.pick(DOTS) + r.pick(SEPS));
      return `${prefix}/${parts.join('')}${r.pick(TARGETS)}`;
    }
    case 'long':
      // Around Node's 16 KB header limit and far over it (431), plus a long but legal one.
      return `/${'a'.repeat(r.pick([2_000, 15_000, 17_000, 70_000]))}`;
    case 'api':
      return `/api/invoke/${r.pick(CHANNELS)}${r.pick(['', '/', '?x=%', '#', '%00', '/..', '%3a'])}`;
  }
}

const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'PROPFIND',
  'get',
  'G E',
  'GET\x00',
  'ÄÖÜ',
  'X'.repeat(300),
  '',
];

function randomJson(r: Rng, depth = 0): unknown {
  const k = r.int(0, depth > 3 ? 5 : 8);
  switch (k) {
    case 0:
      return r.pick([0, -1, 1e308, -1e-308, 2 ** 53 + 1, 3.5, 51, 4096]);
    case 1:
      return randomString(r);
    case 2:
      return r.chance(0.5);
    case 3:
      return null;
    case 4:
      return r.pick([
        '',
        '.',
        '..',
        '../..',
        '/etc/passwd',
        'Home.md',
        'Projects/Garden Irrigation.md',
        'x'.repeat(5000),
      ]);
    case 5:
      return r.pick([{}, [], '{}', 'null', 'undefined', '__proto__', 'constructor']);
    case 6:
      return Array.from({ length: r.int(0, 4) }, () => randomJson(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(0, 4); i > 0; i--)
        o[r.pick(['a', '__proto__', 'constructor', 'query', 'source', 'k', randomString(r)])] = randomJson(
          r,
          depth + 1,
        );
      return o;
    }
  }
}

function randomString(r: Rng): string {
  const n = r.pick([0, 1, 5, 40, 300, 2000]);
  let s = '';
  for (let i = 0; i < n; i++) {
    s += r.chance(0.7)
      ? String.fromCharCode(r.int(0x20, 0x7e))
      : r.pick(['\u0000', '\ud800', '\u202e', '😀', 'é', '\n', '"', '\\', '%', '\u2028']);
  }
  return s;
}

function shapeKeys(channel: RequestChannel): string[] {
  return Object.keys((requests[channel].req as unknown as { shape: Record<string, unknown> }).shape);
}

/** A payload for a read-only channel: random values under the channel's own keys, so validation and handlers both get exercised. */
function randomPayload(r: Rng, channel: RequestChannel): unknown {
  if (r.chance(0.15)) return randomJson(r);
  const o: Record<string, unknown> = {};
  for (const key of shapeKeys(channel)) if (r.chance(0.8)) o[key] = randomJson(r);
  if (channel === 'search:query' && r.chance(0.5))
    o.query = r.pick(['garden pump', 'what did I do last week', '"', 'a'.repeat(500), '*']);
  if (r.chance(0.1)) o[randomString(r)] = randomJson(r);
  return o;
}

/**
 * A body the contract must refuse for `channel`, whatever its schema: never empty, `null` or an object that
 * could pass (`{}` is a valid request for several channels). Non-object JSON is refused by every object schema.
 */
function invalidBody(r: Rng, channel: RequestChannel): string {
  const keys = shapeKeys(channel);
  const kind = r.int(0, keys.length ? 5 : 3);
  switch (kind) {
    case 0:
      return JSON.stringify(r.pick([1, -1, 'x', true, false, [], [{}], 'sync', 1e308]));
    case 1:
      return `[${'['.repeat(r.pick([100, 5_000, 200_000]))}`; // JSON bomb, truncated (not JSON)
    case 2:
      return `${'['.repeat(r.pick([100, 5_000, 100_000]))}${']'.repeat(r.pick([100, 5_000, 100_000]))}`;
    case 3:
      return r.pick(['{', '{"a":', 'nul', '\u00ff\u00fe', "{'a':1}", '{"a":1}}', '1 2']);
    default: {
      // Every required field present with a wrong type: arrays are valid for none of them.
      const o: Record<string, unknown> = {};
      for (const k of keys) o[k] = r.chance(0.5) ? [randomJson(r)] : { nested: randomJson(r) };
      return JSON.stringify(o);
    }
  }
}

function bomb(r: Rng): string {
  const depth = r.pick([1_000, 10_000, 100_000, 300_000]);
  return r.chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

function apiHeaders(len: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    Host: host(),
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    'Content-Length': String(len),
    ...extra,
  };
}

// ---- the run ---------------------------------------------------------------------------------------------

type Job = () => Promise<void>;

async function runPool(jobs: Job[], label: string): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      await jobs[i]!();
      assertAlive(`${label} #${i}`);
      if (++done % 100 === 0) {
        const h = await raw(httpRequest('POST', '/api/invoke/status:get', apiHeaders(2), '{}'));
        check('health', 'status:get', h, 200);
        assertAlive(`${label} health`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function indexSnapshot(dataDir: string): { log: unknown[]; chunks: string[] } {
  const db = new Database(path.join(dataDir, 'obq.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return {
      log: db
        .prepare(
          'select id, file_path, file_hash, num_chunks, status, error_message, is_enabled, last_ingested, metadata_json from obq_log order by id',
        )
        .all(),
      chunks: (db.prepare('select chunk_id from obq_chunk_log order by chunk_id').all() as { chunk_id: string }[]).map(
        (r) => r.chunk_id,
      ),
    };
  } finally {
    db.close();
  }
}

async function invoke(
  channel: RequestChannel,
  body: unknown,
): Promise<{ ok: boolean; result?: unknown; error?: string }> {
  const text = JSON.stringify(body);
  const a = await raw(httpRequest('POST', `/api/invoke/${channel}`, apiHeaders(Buffer.byteLength(text)), text), 60_000);
  if ('error' in a) throw new Error(hint(`${channel}: ${a.error}`));
  return JSON.parse(a.body);
}

async function waitIdle(): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const st = (await invoke('status:get', {})).result as {
      syncing: boolean;
      counts: { pending: number; processing: number };
      lastSync: unknown;
    };
    if (!st.syncing && st.lastSync && st.counts.pending === 0 && st.counts.processing === 0) return;
    if (Date.now() > deadline) throw new Error(hint(`server never became idle: ${JSON.stringify(st)}`));
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('server fuzz: no request can crash or confuse `obsiquery serve`', () => {
  const tmp = tempDir('obq-fuzz-');
  const home = path.join(tmp.dir, 'home');
  const dataDir = path.join(tmp.dir, 'data');
  let vault: string;
  let before: ReturnType<typeof indexSnapshot>;

  beforeAll(async () => {
    vault = copyVault(sampleVault, tmp.dir);
    const webRoot = path.join(tmp.dir, 'web');
    mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>ObsiQuery</title>');
    writeFileSync(path.join(webRoot, 'assets/app.js'), 'console.log(1)');
    child = spawn(process.execPath, [cli, 'serve', '--vault', vault, '--data', dataDir, '--json', '--no-watch'], {
      cwd: repoRoot,
      env: { ...process.env, OBSIQUERY_HOME: home, OBSIQUERY_WEB_ROOT: webRoot, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stderr!.on('data', (d: Buffer) => (stderrTail = (stderrTail + d.toString()).slice(-6000)));
    child.on('exit', (code, signal) => (died = `exit code ${code}, signal ${signal}`));
    const info = await new Promise<{ port: number; token: string }>((resolve, reject) => {
      let buf = '';
      const timer = setTimeout(() => reject(new Error(`serve printed nothing: ${stderrTail}`)), 90_000);
      child.stdout!.on('data', (d: Buffer) => {
        buf += d.toString();
        const line = buf.split('\n').find((l) => l.startsWith('{'));
        if (line) {
          clearTimeout(timer);
          resolve(JSON.parse(line));
        }
      });
      child.once('exit', () => reject(new Error(`serve exited: ${stderrTail}`)));
    });
    port = info.port;
    token = info.token;
    // serve indexes the vault it opens (the real pipeline worker): the fuzz starts on the finished index.
    await waitIdle();
    before = indexSnapshot(dataDir);
    expect(before.chunks.length).toBeGreaterThan(0);
  }, 300_000);

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 500));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    console.log(
      `[${SUITE} FUZZ_SEED=${seed}] requests sent by class: ${JSON.stringify(counts.sent)}\n` +
        `answers by status: ${JSON.stringify(counts.status)}\nslowloris: ${slowResults.join(', ')}`,
    );
    tmp.cleanup();
  });

  it('survives slowloris, hostile HTTP without the token, every channel with the token, and WebSocket abuse', async () => {
    const started = Date.now();

    const jobs: Job[] = [];
    const r = rng.fork('http');
    for (let i = 0; i < PLAN.path; i++) {
      const target = randomPath(r);
      const method = r.pick(['GET', 'GET', 'HEAD', 'POST']);
      const headers: Record<string, string> = { Host: host() };
      if (r.chance(0.3)) headers.Authorization = `Bearer ${token}`;
      jobs.push(async () =>
        check('no-token path', `${method} ${target.slice(0, 80)}`, await raw(httpRequest(method, target, headers))),
      );
    }
    for (let i = 0; i < PLAN.method; i++) {
      const method = r.pick(METHODS);
      const target = r.pick(['/', '/index.html', '/api/invoke/status:get', '/api/events', '*', 'http://evil/']);
      jobs.push(async () =>
        check(
          'no-token method',
          `${JSON.stringify(method.slice(0, 20))} ${target}`,
          await raw(httpRequest(method, target, { Host: host() })),
        ),
      );
    }
    for (let i = 0; i < PLAN.headers; i++) {
      const list: [string, string][] = [];
      const hostile = r.pick(['host', 'origin', 'length'] as const);
      const hostValue =
        hostile === 'host'
          ? r.pick([
              'evil.example',
              `evil.example:${port}`,
              `127.0.0.1:${port + 1}`,
              `localhost`,
              '',
              '127.0.0.1',
              `[::1]:${port}`,
              'a'.repeat(5000),
              `127.0.0.1:${port}\u00ff`,
            ])
          : host();
      if (!(hostile === 'host' && r.chance(0.2))) list.push(['Host', hostValue]);
      if (hostile === 'host' && r.chance(0.2)) list.push(['Host', 'evil.example']); // duplicate Host
      if (hostile === 'origin')
        list.push([
          'Origin',
          r.pick([
            'http://evil.example',
            'null',
            `http://127.0.0.1:${port}.evil`,
            'file://',
            'x'.repeat(3000),
            `http://localhost:${port}`,
          ]),
        ]);
      if (hostile === 'length') {
        list.push([
          'Content-Length',
          r.pick([
            '-1',
            'abc',
            '1e3',
            '99999999999999999999',
            '0x10',
            ' 5',
            '1, 2',
            String(MAX_BODY + 1),
            '18446744073709551616',
          ]),
        ]);
        if (r.chance(0.3)) list.push(['Content-Length', '7']); // conflicting duplicate
        if (r.chance(0.2)) list.push(['Transfer-Encoding', 'chunked']); // smuggling-style CL + TE
      }
      if (r.chance(0.5))
        list.push([
          'Authorization',
          r.pick([`Bearer ${token}`, token, `bearer ${token}`, 'Bearer ', `Basic ${token}`]),
        ]);
      const target = r.pick(['/', '/api/invoke/status:get', '/api/invoke/search:query', '/index.html']);
      const method = r.pick(['GET', 'POST']);
      jobs.push(async () =>
        check(
          'hostile headers',
          `${hostile} ${method} ${target}`,
          // A Content-Length that promises a body never sent is a partial request: the server's request timeout
          // (15 s, answered 408) bounds it, not the usual answer time.
          await raw(httpRequest(method, target, list), hostile === 'length' ? SLOWLORIS_MS : ANSWER_MS),
        ),
      );
    }
    const t = rng.fork('token');
    for (let i = 0; i < PLAN.token; i++) {
      const channel = i < CHANNELS.length * 4 ? CHANNELS[i % CHANNELS.length]! : t.pick(CHANNELS);
      const guarded = GUARDED.has(channel);
      const kind = t.weighted([
        ['payload', 6],
        ['bomb', 1],
        ['huge', 1],
        ['over-limit', 1],
        ['bad-bytes', 1],
      ] as const);
      let body: string | Buffer;
      let expectStatus: number | undefined;
      if (kind === 'over-limit') {
        body = Buffer.alloc(t.pick([MAX_BODY + 1, MAX_BODY + 100, 3 * MAX_BODY]), 'a');
        expectStatus = 413;
      } else if (guarded) {
        body = invalidBody(t, channel);
        expectStatus = 400;
      } else if (kind === 'bomb') body = bomb(t);
      else if (kind === 'huge')
        body = JSON.stringify({
          ...(randomPayload(t, channel) as object),
          [t.pick(shapeKeys(channel).concat('x'))]: 'q'.repeat(t.pick([10_000, 900_000])),
        });
      else if (kind === 'bad-bytes')
        body = Buffer.concat([Buffer.from('{"query":"'), randomBytes(t.int(1, 200)), Buffer.from('"}')]);
      else body = JSON.stringify(randomPayload(t, channel));
      const chunked = t.chance(0.1);
      const headers: [string, string][] = [
        ['Host', host()],
        ['Authorization', `Bearer ${token}`],
        ['Content-Type', 'application/json'],
      ];
      if (chunked) headers.push(['Transfer-Encoding', 'chunked']);
      else headers.push(['Content-Length', String(Buffer.byteLength(body))]);
      const payload = chunked
        ? Buffer.concat([
            Buffer.from(`${Buffer.byteLength(body).toString(16)}\r\n`),
            Buffer.from(body),
            Buffer.from('\r\n0\r\n\r\n'),
          ])
        : body;
      jobs.push(async () =>
        check(
          `token ${guarded ? 'guarded' : 'read'} ${kind}`,
          `${channel} (${String(body.slice(0, 60))})`,
          await raw(httpRequest('POST', `/api/invoke/${channel}`, headers, payload)),
          expectStatus,
        ),
      );
    }
    // Two 50 MB bodies: one declared, one chunked. Both must get 413, not a reset.
    for (const chunked of [false, true]) {
      jobs.push(async () => {
        const size = 50 * 1024 * 1024;
        const headers: [string, string][] = [
          ['Host', host()],
          ['Authorization', `Bearer ${token}`],
        ];
        headers.push(chunked ? ['Transfer-Encoding', 'chunked'] : ['Content-Length', String(size)]);
        const piece = Buffer.alloc(size, 'a');
        const payload = chunked
          ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), piece, Buffer.from('\r\n0\r\n\r\n')])
          : piece;
        check(
          'token 50MB',
          `chunked=${chunked}`,
          await raw(httpRequest('POST', '/api/invoke/status:get', headers, payload)),
          413,
        );
      });
    }
    // Slowloris, in the background while everything else runs: partial requests that drip bytes. The server
    // must answer each with a JSON 408 within its timeouts and keep answering everyone else meanwhile.
    const startSlowloris = () => {
      const slowStart = Date.now();
      return Array.from({ length: 12 }, (_, i) => {
        const r = rng.fork(`slow${i}`);
        return new Promise<void>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1');
          const partial =
            i % 3 === 0
              ? 'GET / HTTP/1.1\r\n'
              : i % 3 === 1
                ? `GET /index.html HTTP/1.1\r\nHost: ${host()}\r\nX-Slow: `
                : `POST /api/invoke/status:get HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${token}\r\nContent-Length: 1000\r\n\r\n{"a":`;
          let data = '';
          // The drip starts once the request line is out: a byte queued before it would be a (refused) method.
          let drip: NodeJS.Timeout | undefined;
          const timer = setTimeout(() => {
            clearInterval(drip);
            socket.destroy();
            reject(new Error(hint(`slowloris #${i}: not cut off within ${SLOWLORIS_MS} ms`)));
          }, SLOWLORIS_MS);
          socket.on('connect', () => {
            socket.write(partial);
            drip = setInterval(() => socket.writable && socket.write(r.pick(['a', 'b', 'x'])), 500);
          });
          socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
          socket.on('error', () => undefined);
          socket.on('close', () => {
            clearInterval(drip);
            clearTimeout(timer);
            bump(counts.sent, 'slowloris');
            const status = /^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 'closed';
            slowResults.push(`#${i}: ${status} after ${Date.now() - slowStart} ms`);
            bump(counts.status, status);
            if (!['408', '400'].includes(status)) return reject(new Error(hint(`slowloris #${i}: answered ${status}`)));
            resolve();
          });
        });
      });
    };

    const slow = startSlowloris();
    await runPool(rng.fork('order').shuffle(jobs), 'http');

    // WebSocket: bad upgrades (raw), then real sockets abusing frames, then 200 connects and disconnects.
    const w = rng.fork('ws');
    const key = () => randomBytes(16).toString('base64');
    const upgrades: [string, [string, string][]][] = [
      [
        'no token',
        [
          ['Host', host()],
          ['Upgrade', 'websocket'],
          ['Connection', 'Upgrade'],
          ['Sec-WebSocket-Key', key()],
          ['Sec-WebSocket-Version', '13'],
        ],
      ],
      [
        'bad key',
        [
          ['Host', host()],
          ['Upgrade', 'websocket'],
          ['Connection', 'Upgrade'],
          ['Sec-WebSocket-Key', 'short'],
          ['Sec-WebSocket-Version', '13'],
        ],
      ],
      [
        'bad version',
        [
          ['Host', host()],
          ['Upgrade', 'websocket'],
          ['Connection', 'Upgrade'],
          ['Sec-WebSocket-Key', key()],
          ['Sec-WebSocket-Version', '99'],
        ],
      ],
      [
        'no key',
        [
          ['Host', host()],
          ['Upgrade', 'websocket'],
          ['Connection', 'Upgrade'],
          ['Sec-WebSocket-Version', '13'],
        ],
      ],
      [
        'upgrade: h2c',
        [
          ['Host', host()],
          ['Upgrade', 'h2c'],
          ['Connection', 'Upgrade'],
          ['Sec-WebSocket-Key', key()],
          ['Sec-WebSocket-Version', '13'],
        ],
      ],
      [
        'evil origin',
        [
          ['Host', host()],
          ['Origin', 'http://evil.example'],
          ['Upgrade', 'websocket'],
          ['Connection', 'Upgrade'],
          ['Sec-WebSocket-Key', key()],
          ['Sec-WebSocket-Version', '13'],
        ],
      ],
      [
        'evil host',
        [
          ['Host', 'evil.example'],
          ['Upgrade', 'websocket'],
          ['Connection', 'Upgrade'],
          ['Sec-WebSocket-Key', key()],
          ['Sec-WebSocket-Version', '13'],
        ],
      ],
      [
        'bad protocol',
        [
          ['Host', host()],
          ['Upgrade', 'websocket'],
          ['Connection', 'Upgrade'],
          ['Sec-WebSocket-Key', key()],
          ['Sec-WebSocket-Version', '13'],
          ['Sec-WebSocket-Protocol', ',,;;"'],
        ],
      ],
    ];
    const wsJobs: Job[] = [];
    for (let i = 0; i < 160; i++) {
      const [name, hdrs] = w.pick(upgrades);
      const withToken = name !== 'no token' && w.chance(0.8);
      const target = `${w.pick(['/api/events', '/api/events/', '/', '/api/%E0%A4%A'])}${withToken ? `?token=${token}` : ''}`;
      const method = name === 'bad key' && w.chance(0.3) ? 'POST' : 'GET';
      wsJobs.push(async () => {
        const a = await raw(httpRequest(method, target, hdrs));
        // A well-formed upgrade on the right path with the token would succeed (101); only the bad ones here.
        if (!('error' in a) && a.status === 101) throw new Error(hint(`ws upgrade ${name} ${target} was accepted`));
        check('ws bad upgrade', `${name} ${target}`, a);
      });
    }
    const frameKinds = [
      'at-limit',
      'over-limit',
      'binary',
      'garbage-text',
      'raw-bad-opcode',
      'raw-bad-utf8',
      'abrupt',
    ] as const;
    for (let i = 0; i < 140; i++) {
      const kind = w.pick(frameKinds);
      wsJobs.push(async () => {
        bump(counts.sent, `ws ${kind}`);
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/events?token=${token}`, { maxPayload: 1 << 20 });
        ws.on('error', () => undefined);
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('unexpected-response', (_q, res) => reject(new Error(hint(`ws open refused: ${res.statusCode}`))));
          setTimeout(() => reject(new Error(hint('ws open timed out'))), ANSWER_MS);
        });
        const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
        const sock = (ws as unknown as { _socket: net.Socket })._socket;
        // A masked client frame written by hand, for what the ws client itself refuses to send.
        const rawFrame = (opcode: number, payload: Buffer) => {
          const mask = randomBytes(4);
          const masked = Buffer.from(payload.map((b, j) => b ^ mask[j % 4]!));
          sock.write(Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]));
        };
        let expectClose: number | null = null;
        if (kind === 'at-limit') ws.send(Buffer.alloc(WS_MAX_PAYLOAD, 'a').toString());
        else if (kind === 'over-limit') {
          ws.send(Buffer.alloc(WS_MAX_PAYLOAD + w.int(1, 70_000)));
          expectClose = 1009;
        } else if (kind === 'binary') ws.send(randomBytes(w.int(1, 4096)));
        else if (kind === 'garbage-text') ws.send(randomString(w));
        else if (kind === 'raw-bad-opcode') {
          rawFrame(w.pick([0x3, 0x4, 0xb, 0xf]), randomBytes(8));
          expectClose = 1002;
        } else if (kind === 'raw-bad-utf8') {
          rawFrame(0x1, Buffer.from([0xc3, 0x28, 0xff]));
          expectClose = 1007;
        } else {
          sock.write(Buffer.from([0x81, 0xfe, 0x10])); // a header cut mid-length
          sock.destroy();
          await closed;
          return;
        }
        if (expectClose !== null) {
          const code = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), ANSWER_MS))]);
          bump(counts.status, `ws close ${code}`);
          if (code !== expectClose) throw new Error(hint(`ws ${kind}: closed with ${code}, expected ${expectClose}`));
        } else {
          // The server ignores client messages and keeps the socket open: prove it by a round trip (ping/pong).
          await new Promise<void>((resolve, reject) => {
            ws.once('pong', () => resolve());
            ws.ping();
            setTimeout(() => reject(new Error(hint(`ws ${kind}: no pong`))), ANSWER_MS);
          });
          bump(counts.status, 'ws open');
          ws.terminate();
        }
      });
    }
    for (let i = 0; i < 200; i++) {
      wsJobs.push(async () => {
        bump(counts.sent, 'ws connect/disconnect');
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/events?token=${token}`);
        ws.on('error', () => undefined);
        await new Promise<void>((resolve) => {
          ws.once('open', () => resolve());
          ws.once('close', () => resolve());
        });
        if (i % 2) ws.terminate();
        else ws.close();
      });
    }
    await runPool(w.shuffle(wsJobs), 'ws');
    await Promise.all(slow);
    assertAlive('the whole run');

    // Afterwards: a normal search finds the right note, and the index is exactly as it was.
    const search = await invoke('search:query', { query: 'Which Arduino pin drives the relay for the garden pump?' });
    expect(search.ok, hint(JSON.stringify(search))).toBe(true);
    expect((search.result as { hits: { source: string }[] }).hits[0]?.source, hint('search after the run')).toBe(
      'Projects/Garden Irrigation.md',
    );
    const after = indexSnapshot(dataDir);
    expect(after.log, hint('obq_log rows after the run')).toEqual(before.log);
    expect(after.chunks, hint('chunk ids after the run')).toEqual(before.chunks);
    const total = Object.values(counts.sent).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(3000);
    console.log(`[${SUITE}] ${total} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 240_000);
});
