/**
 * Ask worker: the agent end to end (createChatService(service).ask) on fixed questions with the bundled chat
 * model, timing the first streamed token and the whole answer; then, as the same-run baseline, the model's
 * generation alone (complete) on the very prompt the synthesizer sent, after a throw-away prompt so the
 * reused KV-cache prefix cannot flatter it.
 */
import { createChatService } from '../../src/agent/chatService.js';
import { loadChatModel, type ChatModel, type ChatTurn, type GenerateOptions } from '../../src/models/chatModel.js';
import { VaultService } from '../../src/services/vaultService.js';
import { log, peakRssMb, workerMain } from '../lib/proc.js';

/** A configuration of the chat service, asked the same questions in the same run (interleaved per question). */
export interface AskVariant {
  name: string;
  /** Whether the synthesizer asks the model for a draft; unset: the chat service's default (draftsFor). */
  drafts?: boolean;
  /** Decide a thread's plain first question with a model call too (the code before the skip). */
  decideAlways?: boolean;
  /** Judge a weak match with the model; unset: the chat service's default (judgesFor). */
  judgeWeakMatches?: boolean;
}

export interface AskInput {
  vault: string;
  dataDir: string;
  questions: string[];
  /** Notes that answer each question (same order), to score answers: an answer citing one of them is a hit. */
  rel?: string[][];
  rounds: number;
  /** Default: one variant, the chat service's defaults. */
  variants?: AskVariant[];
  /** Cap on the replayed generation (quick mode); by default the synthesizer's own maxTokens. */
  replayMaxTokens?: number;
}

export interface LlmCall {
  kind: 'complete' | 'json';
  start: number;
  ms: number;
  ttft_ms: number | null;
  prompt_chars: number;
  output_chars: number;
  chunks: number;
}

export interface AskSample {
  question: string;
  variant: string;
  round: number;
  /** The answer cites one of the question's relevant notes (null when no rel was given). */
  hit: boolean | null;
  ttft_ms: number | null;
  total_ms: number;
  answer_chars: number;
  /** The answer itself, to compare quality between configurations. */
  answer: string;
  sources: number;
  /** ask()'s own timings (from the question received; model calls counted by the chat service). */
  timings: { first_token_ms: number | null; total_ms: number; model_calls: number };
  calls: LlmCall[];
  /** Generation alone on the synthesizer's prompt. */
  gen: {
    ttft_ms: number | null;
    total_ms: number;
    prompt_chars: number;
    output_chars: number;
    same_output: boolean;
  } | null;
}

export interface AskOutput {
  model_load_ms: number;
  model_id: string;
  threads: number;
  samples: AskSample[];
  peak_rss_mb: number;
}

interface Recorded extends LlmCall {
  turns: ChatTurn[];
  opts: GenerateOptions;
  text: string;
}

function recording(model: ChatModel, calls: Recorded[]): ChatModel {
  const track = async <T>(
    kind: LlmCall['kind'],
    turns: ChatTurn[],
    opts: GenerateOptions,
    run: (o: GenerateOptions) => Promise<T>,
  ) => {
    const start = performance.now();
    const rec: Recorded = {
      kind,
      start,
      ms: 0,
      ttft_ms: null,
      prompt_chars: 0,
      output_chars: 0,
      chunks: 0,
      turns,
      opts,
      text: '',
    };
    rec.prompt_chars = turns.reduce((a, t) => a + t.content.length, 0);
    calls.push(rec);
    const result = await run({
      ...opts,
      onToken: (t) => {
        rec.ttft_ms ??= performance.now() - start;
        rec.chunks++;
        rec.text += t;
        opts.onToken?.(t);
      },
    });
    rec.ms = performance.now() - start;
    rec.output_chars = rec.text.length;
    return result;
  };
  return {
    modelId: model.modelId,
    threads: model.threads,
    bundled: model.bundled,
    complete: (turns, opts = {}) => track('complete', turns, opts, (o) => model.complete(turns, o)),
    completeJson: (turns, schema, opts = {}) => track('json', turns, opts, (o) => model.completeJson(turns, schema, o)),
    dispose: () => model.dispose(),
  };
}

await workerMain<AskInput, AskOutput>(async (input) => {
  const service = await VaultService.open({ vault: input.vault, dataDir: input.dataDir });
  const t0 = performance.now();
  const model = await loadChatModel({ modelPath: service.settings.chatModelPath });
  const loadMs = performance.now() - t0;
  const calls: Recorded[] = [];
  const variants: AskVariant[] = input.variants?.length ? input.variants : [{ name: 'default' }];
  const chats = [];
  for (const v of variants)
    chats.push(
      await createChatService(service, {
        model: recording(model, calls),
        drafts: v.drafts,
        decideAlways: v.decideAlways,
        judgeWeakMatches: v.judgeWeakMatches,
      }),
    );
  // Warm-up: the first generation pays for graph compilation and buffer allocation.
  await model.complete([{ role: 'user', content: 'Say hello.' }], { maxTokens: 4 });
  const samples: AskSample[] = [];
  for (let round = 0; round < input.rounds; round++) {
    for (const [qi, question] of input.questions.entries()) {
      let synth: Recorded | undefined;
      const asked: Omit<AskSample, 'gen'>[] = [];
      for (const [vi, v] of variants.entries()) {
        calls.length = 0;
        const start = performance.now();
        let ttft = null as number | null;
        const r = await chats[vi]!.ask(`bench-${v.name}-${round}-${qi}-${Date.now()}`, question, {
          onToken: () => (ttft ??= performance.now() - start),
        });
        const total = performance.now() - start;
        const mine = calls.map(({ turns: _t, opts: _o, text: _x, ...c }) => ({ ...c, start: c.start - start }));
        // The synthesizer's streamed call (the first variant that made one), for the baseline below.
        synth ??= calls.find((c) => c.kind === 'complete');
        const rel = input.rel?.[qi];
        asked.push({
          question,
          variant: v.name,
          round,
          hit: rel ? r.sources.some((x) => rel.includes(x.source)) : null,
          ttft_ms: ttft,
          total_ms: total,
          answer_chars: r.answer.length,
          answer: r.answer,
          sources: r.sources.length,
          timings: r.timings,
          calls: mine,
        });
      }
      let gen: AskSample['gen'] = null;
      if (synth) {
        // Evict the shared prefix, then replay the synthesizer's exact prompt: same length, same greedy output.
        await model.complete([{ role: 'user', content: `Unrelated ${round}-${qi}: name a colour.` }], { maxTokens: 2 });
        const s = performance.now();
        let first = null as number | null;
        let text = '';
        await model.complete(synth.turns, {
          maxTokens: input.replayMaxTokens ?? synth.opts.maxTokens,
          onToken: (t) => {
            first ??= performance.now() - s;
            text += t;
          },
        });
        gen = {
          ttft_ms: first,
          total_ms: performance.now() - s,
          prompt_chars: synth.prompt_chars,
          output_chars: text.length,
          same_output: text === synth.text,
        };
      }
      for (const a of asked) {
        samples.push({ ...a, gen });
        log(
          `ask [${a.variant}] "${question.slice(0, 50)}": ${a.timings.model_calls} model calls, first token ${a.ttft_ms === null ? '-' : a.ttft_ms.toFixed(0)} ms, total ${a.total_ms.toFixed(0)} ms${a.hit === null ? '' : a.hit ? ', hit' : ', miss'}; generation alone ${gen?.ttft_ms?.toFixed(0) ?? '-'} / ${gen?.total_ms.toFixed(0) ?? '-'} ms`,
        );
      }
    }
  }
  for (const chat of chats) await chat.close();
  await model.dispose();
  service.close();
  return { model_load_ms: loadMs, model_id: model.modelId, threads: model.threads, samples, peak_rss_mb: peakRssMb() };
});
