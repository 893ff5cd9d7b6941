import type { ChatModel } from './chatModel.js';

export interface FallbackChatModel extends ChatModel {
  /** Where notices go (set per answer by the chat service): the user sees why another model answered. */
  onNotice: ((notice: string) => void) | null;
  /** The endpoint's host, e.g. "127.0.0.1:11434". */
  readonly host: string;
}

/**
 * An endpoint model that degrades to the bundled one: when a call fails (endpoint down, timeout, cut stream,
 * bad answer), the same call is made on the bundled model and a notice says so. After a failure the endpoint
 * is skipped for retryAfterMs, so one answer's later calls do not each wait for a timeout. A cancellation by
 * the caller is not a failure and is passed through.
 */
export function withFallback(
  primary: ChatModel & { host: string },
  fallback: () => Promise<ChatModel>,
  opts: { retryAfterMs?: number } = {},
): FallbackChatModel {
  const retryAfter = opts.retryAfterMs ?? 60_000;
  let downUntil = 0;
  let lastError = '';

  async function run<T>(call: (m: ChatModel) => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (Date.now() >= downUntil) {
      try {
        return await call(primary);
      } catch (err) {
        if (signal?.aborted) throw err;
        lastError = (err as Error).message;
        downUntil = Date.now() + retryAfter;
        model.onNotice?.(`The chat endpoint failed (${lastError}); the bundled model answered instead.`);
      }
    } else {
      model.onNotice?.(`The chat endpoint ${primary.host} is unavailable (${lastError}); the bundled model answered.`);
    }
    return call(await fallback());
  }

  const model: FallbackChatModel = {
    modelId: primary.modelId,
    host: primary.host,
    get threads() {
      return primary.threads;
    },
    onNotice: null,
    complete: (turns, o = {}) => run((m) => m.complete(turns, o), o.signal),
    completeJson: (turns, schema, o = {}) => run((m) => m.completeJson(turns, schema, o), o.signal),
    dispose: () => primary.dispose(),
  };
  return model;
}
