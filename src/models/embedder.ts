import os from 'node:os';
import { modelsDir, selectedEmbeddingModel, type ModelEntry, type SearchCalibration } from './manifest.js';

export interface Embedder {
  readonly modelId: string;
  readonly dimension: number;
  /** The relevance gate and fusion weight measured for this model's cosine scale. */
  readonly calibration: SearchCalibration;
  /**
   * L2-normalised embeddings, one per text, in input order. `kind` says whether the texts are search queries
   * or note text (default): models trained with prefixes (E5's `query: ` / `passage: `) get the matching one.
   * onBatch reports how many texts are embedded so far, so a long call can show progress.
   */
  embed(texts: string[], opts?: EmbedOptions): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}

/**
 * An Embedder that is `inner` in every way but how it embeds (and, if given, how it is disposed): what a wrapper
 * (a cache, a fallback) changes, without repeating the rest.
 */
export function wrapEmbedder(
  inner: Embedder,
  embed: Embedder['embed'],
  dispose: Embedder['dispose'] = () => inner.dispose(),
): Embedder {
  return {
    get modelId() {
      return inner.modelId;
    },
    get dimension() {
      return inner.dimension;
    },
    get calibration() {
      return inner.calibration;
    },
    embed,
    dispose,
  };
}

export type TextKind = 'query' | 'passage';

export interface EmbedOptions {
  kind?: TextKind;
  onBatch?: (embedded: number) => void;
  /** Cancels a call in flight (an endpoint embedder aborts its HTTP request; the bundled model ignores it). */
  signal?: AbortSignal;
}

export interface EmbedderOptions {
  /** ONNX Runtime intra-op threads. Defaults to the machine's cores. */
  threads?: number;
  /**
   * Let ONNX Runtime's intra-op threads busy-wait between parallel sections. Off by default: a spinning
   * thread burns a core while it waits, and on a machine whose cores are already busy (a sync next to the
   * UI, a browser, other jobs) that CPU is taken from the work itself. Measured on a tldr slice, same run:
   * CPU seconds per chunk 0.66x (MPNet) and 0.53x (MiniLM) with spinning off, embeddings bit-identical
   * (bench/README.md).
   */
  spinning?: boolean;
  /**
   * Texts per forward pass. Defaults to 1: the bundled model is dynamically quantised (q8), so a text's
   * embedding would otherwise depend on which texts share its batch (one activation scale per batch), and on
   * a CPU a batch of padded texts is slower than the same texts one by one (see bench/README.md).
   */
  batchSize?: number;
  /** Extra ONNX Runtime session options, merged over ours (benchmark experiments such as the memory arena). */
  sessionOptions?: Record<string, unknown>;
}

/** What a model without its own measurements gets: the values measured for the small MiniLM. */
export const DEFAULT_CALIBRATION: SearchCalibration = { threshold: 0.3, denseWeight: 0.85 };

type Tokenizer = (texts: string[], opts: Record<string, unknown>) => Record<string, unknown>;
type Tensor = { dims: number[]; data: Float32Array | BigInt64Array };
type Model = ((inputs: Record<string, unknown>) => Promise<Record<string, Tensor>>) & { dispose(): Promise<void> };

/**
 * Sentence embeddings with transformers.js on the bundled ONNX model, remote loading disabled so nothing
 * leaves the machine. Texts are sorted by length before batching: padding to the longest text in a batch
 * is the main waste on CPU, and notes vary wildly in length.
 */
export async function loadEmbedder(
  opts: EmbedderOptions = {},
  model: ModelEntry = selectedEmbeddingModel(),
): Promise<Embedder> {
  const tf = await import('@huggingface/transformers');
  tf.env.allowRemoteModels = false;
  tf.env.allowLocalModels = true;
  tf.env.localModelPath = modelsDir() + '/';
  const threads = opts.threads ?? Math.max(1, os.availableParallelism());
  const tokenizer = (await tf.AutoTokenizer.from_pretrained(model.id)) as unknown as Tokenizer;
  const net = (await tf.AutoModel.from_pretrained(model.id, {
    dtype: 'q8',
    device: 'cpu',
    session_options: {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      // onnxruntime-node flattens `extra` into session config keys (onnxruntime_session_options_config_keys.h).
      extra: { session: { intra_op: { allow_spinning: opts.spinning ? '1' : '0' } } },
      ...opts.sessionOptions,
    },
  } as Record<string, unknown>)) as unknown as Model;
  const dimension = model.dimension ?? 384;
  const maxTokens = model.maxTokens ?? 256;
  const batchSize = opts.batchSize ?? 1;

  async function embedBatch(texts: string[]): Promise<Float32Array[]> {
    const inputs = tokenizer(texts, { padding: true, truncation: true, max_length: maxTokens });
    const out = await net(inputs);
    const hidden = out.last_hidden_state ?? out.token_embeddings;
    if (!hidden) throw new Error(`Embedding model returned no hidden states (outputs: ${Object.keys(out).join(', ')})`);
    const mask = (inputs.attention_mask as Tensor).data as BigInt64Array;
    const [n, seq, dim] = hidden.dims as [number, number, number];
    const data = hidden.data as Float32Array;
    const result: Float32Array[] = [];
    for (let i = 0; i < n; i++) {
      const v = new Float32Array(dim);
      let count = 0;
      for (let t = 0; t < seq; t++) {
        if (mask[i * seq + t] === 0n) continue;
        count++;
        const off = (i * seq + t) * dim;
        for (let d = 0; d < dim; d++) v[d]! += data[off + d]!;
      }
      let norm = 0;
      for (let d = 0; d < dim; d++) {
        v[d]! /= Math.max(count, 1);
        norm += v[d]! * v[d]!;
      }
      norm = Math.sqrt(norm) || 1;
      for (let d = 0; d < dim; d++) v[d]! /= norm;
      result.push(v);
    }
    return result;
  }

  return {
    modelId: model.id,
    dimension,
    calibration: model.search ?? DEFAULT_CALIBRATION,
    async embed(texts, opts) {
      const prefix = model.prefixes?.[opts?.kind ?? 'passage'] ?? '';
      if (prefix) texts = texts.map((t) => prefix + t);
      const order = texts.map((t, i) => [t.length, i] as const).sort((a, b) => a[0] - b[0]);
      const out = new Array<Float32Array>(texts.length);
      for (let s = 0; s < order.length; s += batchSize) {
        const slice = order.slice(s, s + batchSize);
        const vecs = await embedBatch(slice.map(([, i]) => texts[i]!));
        slice.forEach(([, i], j) => (out[i] = vecs[j]!));
        opts?.onBatch?.(s + slice.length);
      }
      return out;
    },
    async dispose() {
      await net.dispose();
    },
  };
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}
