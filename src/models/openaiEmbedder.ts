import { wrapEmbedder, type Embedder, type EmbedOptions } from './embedder.js';
import { loadManifest, type SearchCalibration } from './manifest.js';
import { ChatEndpointError, checkEndpoint } from './openaiChat.js';
import { ModelError } from '../shared/errors.js';

/**
 * Embeddings from an OpenAI-compatible HTTP endpoint (Ollama, LM Studio, llama.cpp's `llama-server --embedding`):
 * `POST {endpoint}/embeddings` with `{model, input: string[]}`, answered by `data[].embedding`. Behind the same
 * Embedder interface as the bundled ONNX model, so the pipeline and search do not know the difference. Nothing
 * here falls back: every failure is an EmbeddingEndpointError with the cause a user can act on; the sync marks
 * the note failed (and retries it next time) and search falls back to BM25 with a notice.
 */

/** Like the chat endpoint's errors, a `model.endpoint` error (src/shared/errors.ts): exit code 1, message shown. */
export class EmbeddingEndpointError extends ModelError {
  constructor(
    message: string,
    /** The endpoint could not be reached or did not answer in time (as opposed to answering wrongly). */
    readonly unavailable = false,
  ) {
    super('model.endpoint', message);
    this.name = 'EmbeddingEndpointError';
  }
}

export interface EmbeddingEndpointOptions {
  /** Base URL including the API prefix, e.g. http://127.0.0.1:11434/v1 */
  endpoint: string;
  /** The model name the server knows, e.g. nomic-embed-text. */
  model: string;
  apiKey?: string;
  /** Longest wait for one request's answer. */
  timeoutMs?: number;
  /** A non-loopback host is refused unless this is set (note text would be sent there). */
  allowRemote?: boolean;
  /** Texts per request. */
  batchSize?: number;
  /**
   * The dimension the vectors must have (an existing index's). Unknown for a new index: then one short probe
   * text is embedded when the embedder is created, and every later answer must match it.
   */
  dimension?: number;
  /**
   * After the endpoint was unreachable or timed out, calls fail at once for this long (the rest of a sync
   * then fails in seconds instead of one timeout per note). `resetAvailability()` ends the pause early.
   */
  retryAfterMs?: number;
}

export interface EndpointEmbedder extends Embedder {
  /** The endpoint's host, e.g. "127.0.0.1:11434", for notices. */
  readonly host: string;
  readonly endpoint: string;
  /** Forget a recent failure, so the next call tries the endpoint again (a new sync starts). */
  resetAvailability(): void;
}

export const DEFAULT_EMBEDDING_TIMEOUT_MS = 60_000;
/**
 * Texts per request: big enough that HTTP overhead is small against the embedding itself, small enough that
 * one request of 200-token chunks stays well inside the timeout on a CPU-only server.
 */
export const DEFAULT_EMBEDDING_BATCH = 32;
const DEFAULT_RETRY_AFTER_MS = 30_000;

/** How an index records an endpoint model: a prefix no bundled model id has, so the two never compare equal. */
const ENDPOINT_PREFIX = 'endpoint:';
export function endpointModelId(model: string): string {
  return ENDPOINT_PREFIX + model;
}
/** The endpoint's model name if `modelId` (as an index records it) is an endpoint model, else null. */
export function endpointModelName(modelId: string | undefined | null): string | null {
  return modelId?.startsWith(ENDPOINT_PREFIX) ? modelId.slice(ENDPOINT_PREFIX.length) : null;
}

/**
 * A model without measurements of its own gets no cosine gate: cosine scales differ too much between models
 * (MPNet's unrelated questions score below 0.2, E5's above 0.8) for any fixed number to mean anything. Instead
 * an unscoped search answers only when BM25 agrees that the notes share a word with the question (README,
 * "Use a bigger model"); the fusion weight is the one measured for the English default model.
 */
export function endpointCalibration(): SearchCalibration {
  return { threshold: 0, denseWeight: loadManifest().embedding.search?.denseWeight ?? 0.85, requireKeywordMatch: true };
}

export async function createEndpointEmbedder(opts: EmbeddingEndpointOptions): Promise<EndpointEmbedder> {
  let base: URL;
  try {
    base = checkEndpoint(opts.endpoint, opts.allowRemote, 'Embedding endpoint');
  } catch (err) {
    if (err instanceof ChatEndpointError) throw new EmbeddingEndpointError(err.message);
    throw err;
  }
  if (!opts.model.trim())
    throw new EmbeddingEndpointError(`Embedding endpoint ${base.host} needs a model name (e.g. nomic-embed-text).`);
  const root = base.href.replace(/\/+$/, '');
  const host = base.host;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_EMBEDDING_TIMEOUT_MS;
  const batchSize = Math.max(1, opts.batchSize ?? DEFAULT_EMBEDDING_BATCH);
  const retryAfterMs = opts.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  let dimension = opts.dimension ?? 0;
  let downUntil = 0;
  let lastFailure = '';

  async function request(input: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let text: string;
    let status: number;
    try {
      const res = await fetch(`${root}/embeddings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: opts.model, input }),
        signal: controller.signal,
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      if (signal?.aborted) throw err;
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const why = timedOut
        ? `did not answer within ${timeoutMs / 1000} s`
        : `is unreachable (${cause?.code ?? cause?.message ?? (err as Error).message})`;
      throw new EmbeddingEndpointError(`Embedding endpoint ${host} ${why}.`, true);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    if (status < 200 || status >= 300) {
      const hint = status === 404 ? ` (is "${opts.model}" pulled/loaded, and does the server serve /embeddings?)` : '';
      throw new EmbeddingEndpointError(
        `Embedding endpoint ${host} answered HTTP ${status}${hint}: ${errorDetail(text).slice(0, 300)}`,
      );
    }
    return parseEmbeddings(text, input.length);
  }

  /** Checks the answer's shape, count and dimension; the vectors come back L2-normalised in input order. */
  function parseEmbeddings(text: string, count: number): Float32Array[] {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new EmbeddingEndpointError(`Embedding endpoint ${host} sent invalid JSON: ${text.slice(0, 120)}`);
    }
    const data = (body as { data?: unknown })?.data;
    if (!Array.isArray(data))
      throw new EmbeddingEndpointError(`Embedding endpoint ${host} sent no "data" array: ${text.slice(0, 120)}`);
    if (data.length !== count)
      throw new EmbeddingEndpointError(
        `Embedding endpoint ${host} returned ${data.length} embeddings for ${count} texts.`,
      );
    const items = data as { embedding?: unknown; index?: unknown }[];
    // Servers may answer out of order; `index` says which input each vector belongs to.
    const ordered = items.every((d) => typeof d?.index === 'number')
      ? [...items].sort((a, b) => (a.index as number) - (b.index as number))
      : items;
    return ordered.map((d, i) => {
      const e = d?.embedding;
      if (!Array.isArray(e) || e.length === 0 || !e.every((x) => typeof x === 'number' && Number.isFinite(x)))
        throw new EmbeddingEndpointError(
          `Embedding endpoint ${host} sent embedding ${i} that is not a list of numbers${typeof e === 'string' ? ' (base64? ObsiQuery asks for floats)' : ''}.`,
        );
      if (dimension && e.length !== dimension)
        throw new EmbeddingEndpointError(
          `Embedding endpoint ${host} returned ${e.length}-dimensional vectors for "${opts.model}", but this index holds ${dimension}-dimensional ones: another model answered. Re-index to switch models.`,
        );
      return normalise(Float32Array.from(e as number[]));
    });
  }

  async function guarded(input: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    // The same error as the failure that started the pause: every note it fails names the real cause.
    if (Date.now() < downUntil) throw new EmbeddingEndpointError(lastFailure, true);
    try {
      return await request(input, signal);
    } catch (err) {
      if (err instanceof EmbeddingEndpointError && err.unavailable) {
        lastFailure = err.message;
        downUntil = Date.now() + retryAfterMs;
      }
      throw err;
    }
  }

  if (!dimension) {
    const [probe] = await guarded(['dimension probe'], undefined);
    dimension = probe!.length;
  }

  return {
    modelId: endpointModelId(opts.model),
    get dimension() {
      return dimension;
    },
    calibration: endpointCalibration(),
    host,
    endpoint: root,
    async embed(texts: string[], o?: EmbedOptions): Promise<Float32Array[]> {
      const out: Float32Array[] = [];
      for (let s = 0; s < texts.length; s += batchSize) {
        if (o?.signal?.aborted) throw o.signal.reason ?? new Error('Embedding was cancelled.');
        out.push(...(await guarded(texts.slice(s, s + batchSize), o?.signal)));
        o?.onBatch?.(out.length);
      }
      return out;
    },
    resetAvailability() {
      downUntil = 0;
    },
    async dispose() {},
  };
}

/**
 * For ranking that can do without meaning (the answer's sentences: dense closeness plus shared words): when the
 * endpoint fails, zero vectors (cosine 0) instead of an error, so the words decide and the answer still comes.
 */
export function withoutVectorsOnFailure(embedder: Embedder): Embedder {
  return wrapEmbedder(embedder, async (texts, o) => {
    try {
      return await embedder.embed(texts, o);
    } catch (err) {
      if (!(err instanceof EmbeddingEndpointError)) throw err;
      return texts.map(() => new Float32Array(embedder.dimension));
    }
  });
}

function normalise(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

/** The server's own error message when it sent an OpenAI-style `{error: {message}}`, else the raw text. */
function errorDetail(text: string): string {
  try {
    const e = (JSON.parse(text) as { error?: { message?: string } | string }).error;
    return typeof e === 'string' ? e : (e?.message ?? text);
  } catch {
    return text;
  }
}
