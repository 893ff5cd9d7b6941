import type { ChatModel, ChatTurn, GenerateOptions } from '../../src/models/chatModel.js';

/** A reply computed from the prompt (for replies that depend on what was asked, or that hold a call mid-run). */
export type ScriptFn<T> = (turns: ChatTurn[], opts: GenerateOptions) => T | Promise<T>;
/** Anything a JSON call may return, garbage included (the real model returns null when parsing fails). */
export type JsonReply = null | boolean | number | string | readonly unknown[] | { readonly [key: string]: unknown };
/** A queued reply: a fixed value, or a function of the prompt. */
export type Scripted<T> = T | ScriptFn<T>;

export interface RecordedCall {
  kind: 'complete' | 'completeJson';
  turns: ChatTurn[];
  schema?: object;
  opts: GenerateOptions;
}

/** Thrown when the code under test asks the model for more than the test scripted: a control-flow surprise. */
export class UnscriptedCallError extends Error {
  constructor(kind: string, turns: ChatTurn[]) {
    super(`unscripted ${kind} call; last prompt turn: ${JSON.stringify(turns.at(-1)?.content.slice(0, 200))}`);
    this.name = 'UnscriptedCallError';
  }
}

/**
 * A ChatModel test double for control-flow tests: complete() and completeJson() return queued replies in
 * order and record every prompt they were given. complete() streams its reply through onToken word by word,
 * like the real model. An empty queue throws unless a fallback was given, so an unexpected extra model call
 * fails the test instead of passing silently. A reply given as an async function can hold a call mid-run
 * (for cancellation tests); a call whose signal is aborted by the time its reply is ready rejects.
 */
export class ScriptedModel implements ChatModel {
  readonly modelId = 'scripted';
  readonly threads = 1;
  readonly calls: RecordedCall[] = [];
  private readonly textQueue: Scripted<string>[] = [];
  private readonly jsonQueue: Scripted<JsonReply>[] = [];
  fallbackText: Scripted<string> | undefined;
  fallbackJson: Scripted<JsonReply> | undefined;

  constructor(init: { text?: Scripted<string>[]; json?: Scripted<JsonReply>[] } = {}) {
    this.textQueue.push(...(init.text ?? []));
    this.jsonQueue.push(...(init.json ?? []));
  }

  queueText(...replies: Scripted<string>[]): this {
    this.textQueue.push(...replies);
    return this;
  }

  queueJson(...replies: Scripted<JsonReply>[]): this {
    this.jsonQueue.push(...replies);
    return this;
  }

  /** Prompts of the calls of one kind, in order. */
  prompts(kind: RecordedCall['kind']): ChatTurn[][] {
    return this.calls.filter((c) => c.kind === kind).map((c) => c.turns);
  }

  /** Replies still queued (a test can assert everything it scripted was consumed). */
  get pending(): { text: number; json: number } {
    return { text: this.textQueue.length, json: this.jsonQueue.length };
  }

  async complete(turns: ChatTurn[], opts: GenerateOptions = {}): Promise<string> {
    this.calls.push({ kind: 'complete', turns, opts });
    const next = this.textQueue.shift() ?? this.fallbackText;
    if (next === undefined) throw new UnscriptedCallError('complete', turns);
    const reply = typeof next === 'function' ? await next(turns, opts) : next;
    throwIfAborted(opts.signal);
    for (const token of reply.match(/\S+\s*|\s+/g) ?? []) opts.onToken?.(token);
    return reply;
  }

  async completeJson(turns: ChatTurn[], schema: object, opts: GenerateOptions = {}): Promise<unknown> {
    this.calls.push({ kind: 'completeJson', turns, schema, opts });
    const next = this.jsonQueue.length ? this.jsonQueue.shift() : this.fallbackJson;
    if (next === undefined) throw new UnscriptedCallError('completeJson', turns);
    const reply = typeof next === 'function' ? await next(turns, opts) : next;
    throwIfAborted(opts.signal);
    return structuredClone(reply);
  }

  async dispose(): Promise<void> {}
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
}

/** The text of a prompt's last (user) turn. */
export function lastUserText(turns: ChatTurn[]): string {
  return turns.filter((t) => t.role === 'user').at(-1)?.content ?? '';
}
