import { isNotInNotesAnswer } from './language.js';
import { answerLeak, type LeakKind } from './promptLeak.js';
import { splitSentences } from '../text/sentences.js';

/**
 * Answer quality, measured on whole agent runs (`npm run eval -- --answers`): does the answer cite a note that
 * answers the question, does an off-topic question get "not in your notes", does prompt text leak, how long
 * does it take. Scoring only: the caller runs the agent (see src/cli/evalAnswers.ts).
 */

export interface AnswerCase {
  set: string;
  part: 'tune' | 'test';
  q: string;
  /** Notes that answer the question; empty for an off-topic question. */
  rel: string[];
}

/** What one agent run gave back (the fields of AskResult the scoring needs). */
export interface AnswerRun {
  answer: string;
  sources: { source: string }[];
  /**
   * The notes the searches showed while the answer was being written (AskCallbacks.onSources), cited or not: where a
   * right note is among them and the answer does not cite it, the answer missed; where none is, search did.
   */
  shown?: { source: string }[];
  timings: { first_token_ms: number | null; total_ms: number; model_calls: number };
}

export interface AnswerRow extends AnswerCase {
  answer: string;
  cited: string[];
  /** The fixed "not in your notes" answer, in any language, with no sources. */
  refused: boolean;
  /** Not a refusal, and cites a note in rel (always false for an off-topic question). */
  hit: boolean;
  /** A note in rel was among the notes the search showed (always false for an off-topic question). */
  found: boolean;
  leak: { sentence: string; kind: LeakKind } | null;
  first_token_ms: number | null;
  total_ms: number;
  model_calls: number;
}

export interface AnswerMetrics {
  questions: number;
  on_topic: number;
  /** Of on-topic questions: not refused and citing a note in rel. */
  citation_hit_rate: number | null;
  /** Of on-topic questions: refused although a note answers. */
  false_refusal_rate: number | null;
  /**
   * Of on-topic questions: a right note was among the notes the search showed. What search left for the answer: the
   * citation hit rate can exceed it only by citing a note the search did not show (a later search's), so the gap
   * between the two is the answer's, and what this rate lacks of 1 is search's.
   */
  found_rate: number | null;
  off_topic: number;
  /** Of off-topic questions: answered "not in your notes". */
  refusal_rate: number | null;
  /** Answers with prompt text in them (any question). */
  leaks: number;
  latency_ms: { median: number; p95: number; first_token_median: number | null };
  model_calls_mean: number;
}

/** Citation numbers' notes, the answer text and the refusal verdict for one case. */
export function scoreAnswer(c: AnswerCase, run: AnswerRun): AnswerRow {
  const cited = [...new Set(run.sources.map((s) => s.source))];
  const refused = cited.length === 0 && isNotInNotesAnswer(run.answer);
  const rel = new Set(c.rel);
  return {
    ...c,
    answer: run.answer,
    cited,
    refused,
    hit: !refused && c.rel.length > 0 && cited.some((s) => rel.has(s)),
    found: (run.shown ?? []).some((s) => rel.has(s.source)),
    leak: answerLeak(run.answer, c.q, splitSentences),
    first_token_ms: run.timings.first_token_ms,
    total_ms: run.timings.total_ms,
    model_calls: run.timings.model_calls,
  };
}

/** The value below which a fraction p of the sorted values lie (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export function summariseAnswers(rows: AnswerRow[]): AnswerMetrics {
  const onTopic = rows.filter((r) => r.rel.length > 0);
  const offTopic = rows.filter((r) => r.rel.length === 0);
  const rate = (n: number, of: number) => (of ? n / of : null);
  const firstTokens = rows.map((r) => r.first_token_ms).filter((x): x is number => x !== null);
  return {
    questions: rows.length,
    on_topic: onTopic.length,
    citation_hit_rate: rate(onTopic.filter((r) => r.hit).length, onTopic.length),
    false_refusal_rate: rate(onTopic.filter((r) => r.refused).length, onTopic.length),
    found_rate: rate(onTopic.filter((r) => r.found).length, onTopic.length),
    off_topic: offTopic.length,
    refusal_rate: rate(offTopic.filter((r) => r.refused).length, offTopic.length),
    leaks: rows.filter((r) => r.leak).length,
    latency_ms: {
      median: percentile(
        rows.map((r) => r.total_ms),
        0.5,
      ),
      p95: percentile(
        rows.map((r) => r.total_ms),
        0.95,
      ),
      first_token_median: firstTokens.length ? percentile(firstTokens, 0.5) : null,
    },
    model_calls_mean: rows.length ? rows.reduce((a, r) => a + r.model_calls, 0) / rows.length : 0,
  };
}

/**
 * Runs `ask` on every case in order (one at a time: answers share the CPU with nothing else of ours, so the
 * latency is the user's), each in a fresh conversation so no answer depends on the one before.
 */
export async function runAnswerEval(
  cases: AnswerCase[],
  ask: (question: string, threadId: string) => Promise<AnswerRun>,
  onRow?: (row: AnswerRow, i: number) => void,
): Promise<AnswerRow[]> {
  const rows: AnswerRow[] = [];
  const run = Date.now().toString(36);
  for (const [i, c] of cases.entries()) {
    const row = scoreAnswer(c, await ask(c.q, `eval-${run}-${c.set}-${i}`));
    rows.push(row);
    onRow?.(row, i);
  }
  return rows;
}
