/**
 * The single place the renderer gets its backend from. Electron's preload provides `window.obsiquery`; a plain
 * browser has no preload, so the web bridge speaks HTTP + WebSocket to `obsiquery serve` instead. Whichever it
 * is, everything arriving from the other side is checked against the shared contract before the UI sees it.
 */
import {
  events,
  requests,
  type EventChannel,
  type EventPayload,
  type ObsiQueryApi,
  type Req,
  type RequestChannel,
  type Res,
} from '../../../shared/contract.js';
import { createWebBridge } from './webBridge.js';

/** Optional host capabilities beyond the contract; feature-detect before use. */
export interface HostExtras {
  /** Electron only: the absolute path of a dropped or picked file (File.path is gone under contextIsolation). */
  pathForFile?(file: File): string;
  /** Web bridge only: whether the event socket is currently connected. */
  onConnectionChange?(listener: (connected: boolean) => void): () => void;
}

export type RendererApi = ObsiQueryApi & HostExtras;

declare global {
  interface Window {
    obsiquery?: RendererApi;
  }
}

/** Returns the payload if it matches the event's schema, otherwise warns and returns undefined. */
export function parseEvent<E extends EventChannel>(event: E, payload: unknown): EventPayload<E> | undefined {
  const schema = events[event];
  if (!schema) {
    console.warn(`Ignoring unknown event ${String(event)}`);
    return undefined;
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.warn(`Ignoring malformed ${event} event`, parsed.error.issues);
    return undefined;
  }
  return parsed.data as EventPayload<E>;
}

/**
 * Wraps an API so event payloads are validated (invalid ones are dropped) and responses are normalised by their
 * schema (defaults applied). A response that fails its schema is passed through with a warning rather than
 * breaking the screen: the backend is trusted more than a pushed event, and a strict failure would hide data.
 */
export function withValidation(api: RendererApi): RendererApi {
  const wrapped: RendererApi = {
    async invoke<C extends RequestChannel>(channel: C, request: Req<C>): Promise<Res<C>> {
      const raw: unknown = await api.invoke(channel, request);
      const parsed = requests[channel].res.safeParse(raw);
      if (parsed.success) return parsed.data as Res<C>;
      console.warn(`Response of ${channel} does not match the contract`, parsed.error.issues);
      return raw as Res<C>;
    },
    on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      return api.on(event, (payload: unknown) => {
        const valid = parseEvent(event, payload);
        if (valid !== undefined) listener(valid);
      });
    },
  };
  // Only forward what the host really has, so feature detection (`api.pathForFile?`) keeps working.
  if (api.pathForFile) wrapped.pathForFile = (file) => api.pathForFile!(file);
  if (api.onConnectionChange) wrapped.onConnectionChange = (listener) => api.onConnectionChange!(listener);
  return wrapped;
}

let current: RendererApi | null = null;

function webBridgeFromLocation(): RendererApi {
  const url = new URL(window.location.href);
  return createWebBridge({ baseUrl: url.origin, token: url.searchParams.get('token') ?? '' });
}

export function getApi(): RendererApi {
  current ??= withValidation(window.obsiquery ?? webBridgeFromLocation());
  return current;
}

/** Replaces the backend (the dev mock, tests). Pass null to go back to auto-detection. */
export function setApi(api: RendererApi | null): void {
  current = api ? withValidation(api) : null;
}

/** True in the desktop app, where native dialogs and file paths are available. */
export function isDesktop(): boolean {
  return typeof window !== 'undefined' && window.obsiquery !== undefined;
}

/** fetch() rejects with a bare TypeError when the server cannot be reached; browsers word it differently. */
const UNREACHABLE = /failed to fetch|networkerror|load failed|network request failed|ECONNREFUSED/i;

export function errorMessage(err: unknown): string {
  if (err instanceof Error && UNREACHABLE.test(err.message)) {
    return 'ObsiQuery is offline: the server cannot be reached. It reconnects by itself when the server is back.';
  }
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : 'Something went wrong.';
}
