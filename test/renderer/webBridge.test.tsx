// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebBridge } from '../../src/renderer/src/bridge/webBridge.js';
import { withValidation } from '../../src/renderer/src/bridge/api.js';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('web bridge requests', () => {
  it('POSTs to /api/invoke/<channel> with the bearer token and returns the result', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      jsonResponse({ ok: true, result: { source: 'Notes/A.md' } }),
    );
    const api = createWebBridge({ baseUrl: 'http://127.0.0.1:5173/', token: 'XYZ', fetch });
    const result = await api.invoke('note:resolveLink', { target: 'A' });
    expect(result).toEqual({ source: 'Notes/A.md' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:5173/api/invoke/note:resolveLink');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer XYZ');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ target: 'A' });
  });

  it('turns {ok:false, error} into a thrown Error with that message', async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: false, error: 'No vault is open yet: add one first.' }, 400));
    const api = createWebBridge({ baseUrl: 'http://127.0.0.1:5173', token: 'XYZ', fetch });
    const err = await api.invoke('status:get', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('No vault is open yet: add one first.');
  });

  it('reports a non-JSON failure with its HTTP status', async () => {
    const fetch = vi.fn(async () => new Response('Unauthorized', { status: 401 }));
    const api = createWebBridge({ baseUrl: 'http://127.0.0.1:5173', token: 'bad', fetch });
    await expect(api.invoke('vault:list', {})).rejects.toThrow(/401/);
  });
});

/** Minimal WebSocket stand-in: records instances so a test can open, message and drop them. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  open(): void {
    this.onopen?.();
  }
  send(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(): void {
    this.onclose?.();
  }
}

describe('web bridge events', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function bridge() {
    return withValidation(
      createWebBridge({
        baseUrl: 'http://127.0.0.1:5173',
        token: 'a b&c',
        fetch: vi.fn(),
        WebSocket: FakeSocket as unknown as typeof WebSocket,
        backoff: { initialMs: 100, maxMs: 1000 },
      }),
    );
  }

  it('connects with the token, delivers valid events and drops malformed ones', () => {
    const api = bridge();
    const tokens: string[] = [];
    api.on('chat:token', (p) => tokens.push(p.token));
    expect(FakeSocket.instances).toHaveLength(1);
    const socket = FakeSocket.instances[0]!;
    expect(socket.url).toBe('ws://127.0.0.1:5173/api/events?token=a%20b%26c');
    socket.open();
    socket.send({ event: 'chat:token', payload: { runId: 'r1', token: 'Hel' } });
    socket.send({ event: 'chat:token', payload: { runId: 'r1', token: 42 } });
    socket.send({ event: 'chat:token', payload: { token: 'no run id' } });
    socket.send({ event: 'chat:step', payload: { runId: 'r1', step: 'other event' } });
    socket.onmessage?.({ data: 'not json' });
    socket.send({ event: 'chat:token', payload: { runId: 'r1', token: 'lo' } });
    expect(tokens).toEqual(['Hel', 'lo']);
    expect(console.warn).toHaveBeenCalled();
  });

  it('reconnects with backoff after the socket drops and reports the connection state', () => {
    const api = bridge();
    const states: boolean[] = [];
    api.onConnectionChange?.((c) => states.push(c));
    const received: string[] = [];
    api.on('worker:crashed', (p) => received.push(p.message));
    FakeSocket.instances[0]!.open();
    FakeSocket.instances[0]!.drop();
    expect(states).toEqual([true, false]);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.instances).toHaveLength(2);
    // Failing again backs off further: the next attempt is not made within the first delay.
    FakeSocket.instances[1]!.drop();
    vi.advanceTimersByTime(99);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(200);
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.instances[2]!.open();
    FakeSocket.instances[2]!.send({ event: 'worker:crashed', payload: { message: 'out of memory' } });
    expect(states).toEqual([true, false, true]);
    expect(received).toEqual(['out of memory']);
  });
});
