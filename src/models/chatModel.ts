import os from 'node:os';
import { existsSync } from 'node:fs';
import { loadManifest, modelFilePath } from './manifest.js';
import { ModelError } from '../shared/errors.js';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerateOptions {
  maxTokens?: number;
  temperature?: number;
  seed?: number;
  onToken?: (text: string) => void;
  /**
   * The text streamed through onToken so far is void and the answer starts again from its first token: a
   * fallback model took over from one that failed mid-stream (src/models/fallbackChat.ts). Whoever collects
   * the streamed text must drop what it has, or the partial text and the full one end up joined.
   */
  onRestart?: () => void;
  signal?: AbortSignal;
}

export interface ChatModel {
  readonly modelId: string;
  readonly threads: number;
  /**
   * The bundled GGUF (gemma-3-270m), not a user-chosen file or an endpoint: a base model this small rarely
   * writes a sentence that survives the grounding check, so the synthesizer does not ask it for a draft
   * (see draftsFor in src/agent/chatService.ts and bench/README.md, "ask").
   */
  readonly bundled?: boolean;
  /** Free-form completion in the model's own chat template, streamed through onToken. */
  complete(turns: ChatTurn[], opts?: GenerateOptions): Promise<string>;
  /**
   * Completion constrained by a JSON-schema grammar: small local models cannot be trusted with free-form tool
   * calls, but a grammar makes them emit parseable JSON every time. Returns null if it still cannot be parsed.
   */
  completeJson(turns: ChatTurn[], schema: object, opts?: GenerateOptions): Promise<unknown>;
  /**
   * Prompt tokens this model has evaluated so far, for a local model (an endpoint does not say). A prompt that
   * starts like the previous one reuses its evaluated prefix from the KV cache, and only the differing suffix
   * counts here: the bench and the tests check that reuse with it.
   */
  evaluatedTokens?(): number;
  dispose(): Promise<void>;
}

export class ChatModelError extends ModelError {
  constructor(message: string) {
    super('model.chat', message);
    this.name = 'ChatModelError';
  }
}

/**
 * One core is left to everything else. llama.cpp's threads wait for each other at every step, so when the UI,
 * the browser or a sync takes a core they share, an answer gets several times slower: measured on 2 cores with
 * the web UI open, 2 threads took 160 s for an answer that 1 thread gave in 32 s (idle, 2 threads are only
 * 1.2x faster than 1). OBSIQUERY_THREADS overrides this.
 */
export function defaultChatThreads(cores = os.availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/** The threads a local chat model runs on: OBSIQUERY_THREADS, or defaultChatThreads. */
export function chatThreads(): number {
  return Number(process.env.OBSIQUERY_THREADS) || defaultChatThreads();
}

/** How a local chat model is named: a chosen GGUF by its file name, the bundled one by its manifest id. */
export function chatModelId(modelPath: string | null | undefined): string {
  return modelPath ? modelPath.split(/[\\/]/).pop()! : loadManifest().chat.id;
}

/**
 * node-llama-cpp on the bundled GGUF (or a user-chosen one). One model and one context live for the
 * process's lifetime and calls are serialised on a single sequence, so the evaluated prompt prefix is reused
 * between turns. Threads follow the real core count (see defaultChatThreads): llama.cpp's default
 * oversubscribes small machines badly.
 */
export async function loadChatModel(
  opts: { modelPath?: string | null; contextSize?: number; threads?: number } = {},
): Promise<ChatModel> {
  const manifest = loadManifest().chat;
  const modelPath = opts.modelPath || modelFilePath(manifest);
  if (!existsSync(modelPath)) {
    throw new ChatModelError(
      `Chat model not found at ${modelPath}. Run \`npm run models\`, or choose a GGUF file in settings.`,
    );
  }
  const { getLlama, LlamaChat } = await import('node-llama-cpp');
  const threads = opts.threads ?? chatThreads();
  const gpu =
    (process.env.OBSIQUERY_GPU as 'auto' | 'cuda' | 'vulkan' | 'metal' | undefined) ??
    (process.platform === 'darwin' ? 'metal' : false);
  const llama = await getLlama({ gpu, build: 'never', logLevel: 'error' as never });
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ contextSize: opts.contextSize ?? 4096, threads, sequences: 1 });
  const sequence = context.getSequence();
  const chat = new LlamaChat({ contextSequence: sequence });
  const modelId = chatModelId(opts.modelPath);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  type History = Parameters<typeof chat.generateResponse>[0];
  const toHistory = (turns: ChatTurn[]): History =>
    turns.map((t) =>
      t.role === 'system'
        ? { type: 'system' as const, text: t.content }
        : t.role === 'user'
          ? { type: 'user' as const, text: t.content }
          : { type: 'model' as const, response: [t.content] },
    );

  async function generate(turns: ChatTurn[], o: GenerateOptions, grammar?: unknown): Promise<string> {
    let text = '';
    const res = await chat.generateResponse(toHistory(turns), {
      maxTokens: o.maxTokens ?? 512,
      temperature: o.temperature ?? 0,
      seed: o.seed ?? 42,
      // Small models loop; a mild penalty keeps answers from repeating a line forever.
      repeatPenalty: { penalty: 1.15, lastTokens: 64 },
      grammar: grammar as never,
      signal: o.signal,
      stopOnAbortSignal: true,
      onTextChunk: (chunk: string) => {
        text += chunk;
        o.onToken?.(chunk);
      },
    });
    return res.response ?? text;
  }

  return {
    modelId,
    threads,
    bundled: !opts.modelPath,
    complete: (turns, o = {}) => serial(() => generate(turns, o)),
    completeJson: (turns, schema, o = {}) =>
      serial(async () => {
        const grammar = await llama.createGrammarForJsonSchema(schema as never);
        const raw = await generate(turns, { ...o, maxTokens: o.maxTokens ?? 256 }, grammar);
        try {
          return grammar.parse(raw);
        } catch {
          try {
            return JSON.parse(raw);
          } catch {
            return null;
          }
        }
      }),
    evaluatedTokens: () => sequence.tokenMeter.usedInputTokens,
    async dispose() {
      await context.dispose();
      await model.dispose();
    },
  };
}
