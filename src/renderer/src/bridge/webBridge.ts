/**
 * ObsiQueryApi over the local web server, for when the renderer runs in an ordinary browser tab. Requests are
 * authenticated HTTP POSTs; events arrive over one WebSocket that reconnects with capped, jittered backoff so a
 * server restart does not leave the tab silently deaf.
 */
import type { EventChannel, EventPayload, Req, RequestChannel, Res } from '../../../shared/contract.js';
import type { RendererApi } from './api.js';

export interface WebBridgeOptions {
  /** Origin of the server, e.g. `http://127.0.0.1:5173`. */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
  backoff?: { initialMs: number; maxMs: number };
}

type Envelope = { ok: true; result: unknown } | { ok: false; error: string };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

export function createWebBridge(options: WebBridgeOptions): RendererApi {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const backoff = options.backoff ?? { initialMs: 500, maxMs: 15_000 };

  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const connectionListeners = new Set<(connected: boolean) => void>();
  let socket: WebSocket | null = null;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  // null until the first attempt settles, so a server that is down from the start is reported too.
  let connected: boolean | null = null;

  function setConnected(value: boolean): void {
    if (connected === value) return;
    connected = value;
    for (const fn of connectionListeners) fn(value);
  }

  function dispatch(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      console.warn('Ignoring a non-JSON event message');
      return;
    }
    const event = (message as { event?: unknown } | null)?.event;
    if (typeof event !== 'string') {
      console.warn('Ignoring an event message without an event name');
      return;
    }
    for (const fn of listeners.get(event) ?? []) fn((message as { payload?: unknown }).payload);
  }

  function scheduleReconnect(): void {
    if (retryTimer) return;
    const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempts);
    // Jitter keeps several tabs from hammering a restarting server in lockstep.
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    attempts++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
  }

  function connect(): void {
    if (socket || !Socket) return;
    const url = `${base.replace(/^http/, 'ws')}/api/events?token=${encodeURIComponent(options.token)}`;
    let ws: WebSocket;
    try {
      ws = new Socket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      attempts = 0;
      setConnected(true);
    };
    ws.onmessage = (e: MessageEvent) => dispatch(e.data);
    ws.onclose = () => {
      if (socket === ws) socket = null;
      setConnected(false);
      scheduleReconnect();
    };
  }

  return {
    async invoke<C extends RequestChannel>(channel: C, request: Req<C>): Promise<Res<C>> {
      // The channel goes into the path verbatim: names are fixed `[a-z]+:[a-zA-Z]+` and ':' is legal there.
      const response = await doFetch(`${base}/api/invoke/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token}` },
        body: JSON.stringify(request ?? {}),
      });
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new Error(`${channel} failed (HTTP ${response.status})`);
      }
      if (!isEnvelope(body)) throw new Error(`${channel} returned an unexpected response (HTTP ${response.status})`);
      if (!body.ok) throw new Error(body.error || `${channel} failed (HTTP ${response.status})`);
      return body.result as Res<C>;
    },

    on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const fn = listener as (payload: unknown) => void;
      set.add(fn);
      connect();
      return () => {
        set.delete(fn);
      };
    },

    onConnectionChange(listener: (isConnected: boolean) => void): () => void {
      connectionListeners.add(listener);
      connect();
      return () => {
        connectionListeners.delete(listener);
      };
    },
  };
}
