import type { ChatModel, GenerateOptions } from './chatModel.js';

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
 * the caller is not a failure and is passed through. When the endpoint had already streamed part of its text,
 * onRestart tells the caller to drop it before the bundled model streams its own from the start (without it,
 * the partial draft and the full one were joined into one answer).
 */
export function withFallback(
  primary: ChatModel & { host: string },
  fallback: () => Promise<ChatModel>,
  opts: { retryAfterMs?: number } = {},
): FallbackChatModel {
  const retryAfter = opts.retryAfterMs ?? 60_000;
  let downUntil = 0;
  let lastError = '';

  async function run<T>(call: (m: ChatModel, o: GenerateOptions) => Promise<T>, o: GenerateOptions): Promise<T> {
    if (Date.now() >= downUntil) {
      // Whether the endpoint streamed anything before it failed: the fallback starts the text from scratch.
      let streamed = false;
      try {
        return await call(primary, {
          ...o,
          onToken: o.onToken
            ? (t) => {
                streamed = true;
                o.onToken!(t);
              }
            : undefined,
        });
      } catch (err) {
        if (o.signal?.aborted) throw err;
        lastError = (err as Error).message;
        downUntil = Date.now() + retryAfter;
        model.onNotice?.(`The chat endpoint failed (${lastError}); the bundled model answered instead.`);
        if (streamed) o.onRestart?.();
      }
    } else {
      model.onNotice?.(`The chat endpoint ${primary.host} is unavailable (${lastError}); the bundled model answered.`);
    }
    return call(await fallback(), o);
  }

  const model: FallbackChatModel = {
    modelId: primary.modelId,
    host: primary.host,
    get threads() {
      return primary.threads;
    },
    onNotice: null,
    complete: (turns, o = {}) => run((m, opts) => m.complete(turns, opts), o),
    completeJson: (turns, schema, o = {}) => run((m, opts) => m.completeJson(turns, schema, opts), o),
    dispose: () => primary.dispose(),
  };
  return model;
}
