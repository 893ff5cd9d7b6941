import type { ChatModel, ChatTurn, GenerateOptions } from './chatModel.js';
import { ModelError } from '../shared/errors.js';

/**
 * A chat model behind an OpenAI-compatible HTTP endpoint (Ollama, LM Studio, llama.cpp's server, …): streamed
 * completions over SSE, JSON outputs through `response_format` with a JSON schema (or, where a server rejects
 * that, through the prompt and a validating parser), an idle timeout and cancellation. Nothing here falls
 * back: a failure is a ChatEndpointError, and withFallback (fallbackChat.ts) decides what answers instead.
 */

export class ChatEndpointError extends ModelError {
  constructor(message: string) {
    super('model.endpoint', message);
    this.name = 'ChatEndpointError';
  }
}

export interface EndpointOptions {
  /** Base URL including the API prefix, e.g. http://127.0.0.1:11434/v1 */
  endpoint: string;
  model: string;
  apiKey?: string;
  /** Longest wait for the first byte and between streamed chunks. */
  timeoutMs?: number;
  /** A non-loopback host is refused unless this is set (nothing leaves the machine by default). */
  allowRemote?: boolean;
}

export const DEFAULT_ENDPOINT_TIMEOUT_MS = 30_000;

/** True for localhost, 127.0.0.0/8 and ::1: endpoints on this machine, which need no permission. */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Checks an endpoint URL before anything is sent to it: well-formed http(s), and loopback unless allowed. One
 * rule for every endpoint (chat and embeddings); `label` names which one in the message.
 */
export function checkEndpoint(endpoint: string, allowRemote = false, label = 'Chat endpoint'): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ChatEndpointError(`${label} "${endpoint}" is not a URL (expected e.g. http://127.0.0.1:11434/v1).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ChatEndpointError(`${label} "${endpoint}" must use http or https.`);
  if (!isLoopback(endpoint) && !allowRemote)
    throw new ChatEndpointError(
      `${label} ${url.host} is not on this machine; your notes would be sent there. Allow it explicitly (setting allowRemoteEndpoint, or --allow-remote-endpoint).`,
    );
  return url;
}

/** The first balanced JSON object or array in a text (models like to wrap JSON in prose or code fences). */
export function extractJson(text: string): unknown {
  const start = text.search(/[{[]/);
  if (start < 0) return null;
  for (let end = text.length; end > start; end--) {
    const ch = text[end - 1];
    if (ch !== '}' && ch !== ']') continue;
    try {
      return JSON.parse(text.slice(start, end));
    } catch {
      // try a shorter span
    }
  }
  return null;
}

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: readonly string[];
  enum?: readonly unknown[];
  items?: Schema;
  maxLength?: number;
  maxItems?: number;
};

/**
 * A small validator for the schemas we send (object/array/string/number/boolean/enum, and the bounds on strings and
 * arrays): null if invalid. A server that does not enforce `response_format` lets a model write past the bounds.
 */
export function validateJson(value: unknown, schema: Schema): unknown {
  const ok = (v: unknown, s: Schema): boolean => {
    if (s.enum) return s.enum.includes(v);
    switch (s.type) {
      case 'object': {
        if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
        const o = v as Record<string, unknown>;
        if ((s.required ?? []).some((k) => !(k in o))) return false;
        return Object.entries(s.properties ?? {}).every(([k, sub]) => !(k in o) || ok(o[k], sub));
      }
      case 'array':
        return (
          Array.isArray(v) && v.length <= (s.maxItems ?? Infinity) && (!s.items || v.every((x) => ok(x, s.items!)))
        );
      case 'string':
        return typeof v === 'string' && [...v].length <= (s.maxLength ?? Infinity);
      case 'number':
      case 'integer':
        return typeof v === 'number';
      case 'boolean':
        return typeof v === 'boolean';
      default:
        return true;
    }
  };
  return ok(value, schema) ? value : null;
}

export function createEndpointChatModel(opts: EndpointOptions): ChatModel & { readonly host: string } {
  const base = checkEndpoint(opts.endpoint, opts.allowRemote);
  const root = base.href.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_ENDPOINT_TIMEOUT_MS;
  // Servers that reject response_format json_schema are remembered, so each JSON call does not pay twice.
  let schemaSupported = true;

  /** POSTs with an idle timer: reset by every chunk read, so a long but live stream is never cut. */
  async function post(path: string, body: object, signal: AbortSignal | undefined, onChunk?: (text: string) => void) {
    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    arm();
    try {
      const res = await fetch(`${root}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      arm();
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 300);
        throw Object.assign(new ChatEndpointError(`${base.host} answered ${res.status}: ${detail}`), {
          status: res.status,
        });
      }
      if (!onChunk) return (await res.json()) as unknown;
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        arm();
        onChunk(decoder.decode(value, { stream: true }));
      }
      return null;
    } catch (err) {
      if (signal?.aborted) throw err;
      if (timedOut) throw new ChatEndpointError(`${base.host} did not answer within ${timeoutMs / 1000} s.`);
      if (err instanceof ChatEndpointError) throw err;
      throw new ChatEndpointError(`${base.host} failed: ${(err as Error).message}`);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  const messages = (turns: ChatTurn[]) => turns.map((t) => ({ role: t.role, content: t.content }));
  const sampling = (o: GenerateOptions, maxTokens: number) => ({
    model: opts.model,
    max_tokens: o.maxTokens ?? maxTokens,
    temperature: o.temperature ?? 0,
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
  });

  async function complete(turns: ChatTurn[], o: GenerateOptions = {}): Promise<string> {
    let text = '';
    let buffer = '';
    let finished = false;
    await post(
      '/chat/completions',
      { ...sampling(o, 512), messages: messages(turns), stream: true },
      o.signal,
      (chunk) => {
        buffer += chunk;
        // SSE: events are separated by a blank line; each line of interest is "data: {...}" or "data: [DONE]".
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl).trim();
          buffer = buffer.slice(nl + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') {
            finished = true;
            continue;
          }
          let event: { choices?: { delta?: { content?: string }; finish_reason?: string | null }[] };
          try {
            event = JSON.parse(data) as typeof event;
          } catch {
            throw new ChatEndpointError(`${base.host} sent a malformed stream event: ${data.slice(0, 120)}`);
          }
          const piece = event.choices?.[0]?.delta?.content ?? '';
          if (event.choices?.[0]?.finish_reason) finished = true;
          if (piece) {
            text += piece;
            o.onToken?.(piece);
          }
        }
      },
    );
    if (!finished && !o.signal?.aborted)
      throw new ChatEndpointError(`${base.host} closed the stream before the answer was finished.`);
    return text;
  }

  async function completeJson(turns: ChatTurn[], schema: object, o: GenerateOptions = {}): Promise<unknown> {
    const content = (r: unknown) =>
      (r as { choices?: { message?: { content?: string } }[] })?.choices?.[0]?.message?.content ?? '';
    if (schemaSupported) {
      try {
        const r = await post(
          '/chat/completions',
          {
            ...sampling(o, 256),
            messages: messages(turns),
            response_format: { type: 'json_schema', json_schema: { name: 'output', strict: true, schema } },
          },
          o.signal,
        );
        return validateJson(extractJson(content(r)), schema as Schema);
      } catch (err) {
        // 400/422/501: this server does not take json_schema; ask through the prompt from now on.
        const status = (err as { status?: number }).status;
        if (!status || ![400, 404, 415, 422, 501].includes(status)) throw err;
        schemaSupported = false;
      }
    }
    const instructed: ChatTurn[] = [
      ...turns.slice(0, -1),
      {
        role: turns.at(-1)?.role ?? 'user',
        content: `${turns.at(-1)?.content ?? ''}\n\nReply with only a JSON value matching this JSON schema, no prose:\n${JSON.stringify(schema)}`,
      },
    ];
    const r = await post('/chat/completions', { ...sampling(o, 256), messages: messages(instructed) }, o.signal);
    return validateJson(extractJson(content(r)), schema as Schema);
  }

  return {
    modelId: `${opts.model} @ ${base.host}`,
    host: base.host,
    threads: 0,
    complete,
    completeJson,
    async dispose() {},
  };
}
