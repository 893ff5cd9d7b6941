import {
  adHocEvalSet,
  checkQuestionFile,
  loadEvalSets,
  pinnedDay,
  selectEvalSets,
  type EvalSetEntry,
} from '../search/evalSets.js';
import { VaultService, UsageError } from '../services/vaultService.js';
import { runAnswerEval, summariseAnswers, type AnswerCase, type AnswerRow } from '../agent/answerEval.js';
import { printJson } from './output.js';
import { defaultEvalRoot } from './evalCommand.js';
import { openEvalIndex } from '../services/evalIndex.js';
import path from 'node:path';

/** `npm run eval -- --answers`: the agent on each question of the chosen sets, scored by src/agent/answerEval.ts. */

export interface AnswersCommandOptions {
  /** Set names from eval/sets.json; all sets when empty (narrowed by part). */
  set?: string[];
  part?: 'tune' | 'test';
  /** Only the first n questions of each set (small slices while developing: an answer takes seconds). */
  limit?: number;
  /** An index folder, for sets that all share one vault. */
  data?: string;
  /**
   * Without --data: where the sets' indexes live, one folder per vault and embedder, as for retrieval (default: app
   * data/eval), so answers are measured on the very indexes `npm run eval` ranks with.
   */
  dataRoot?: string;
  /** The bundled embedder for a new index under the data root (default: the one a first sync picks). */
  embeddingModel?: string;
  /** Another question-set manifest than eval/sets.json. */
  manifest?: string;
  /** The user's own questions instead of a manifest's sets: this vault and this JSONL file (on- and off-topic). */
  vault?: string;
  queries?: string;
  json?: boolean;
  chatEndpoint?: string;
  chatModel?: string;
  /** Every answer on stderr as it comes (for looking at failures). */
  verbose?: boolean;
}

export async function runAnswersCommand(opts: AnswersCommandOptions): Promise<void> {
  // Paths come absolute (resolved against the repository root, where eval/sets.json lives).
  const sets =
    opts.vault && opts.queries
      ? [adHocEvalSet(opts.vault, opts.queries)]
      : selectEvalSets(loadEvalSets(opts.manifest), { names: opts.set, part: opts.part });
  const vaults = [...new Set(sets.map((s) => s.vault))];
  if (opts.data && vaults.length > 1)
    throw new UsageError(`--data names one index, but the chosen sets are over ${vaults.length} vaults.`);
  const rows: AnswerRow[] = [];
  for (const vault of vaults) {
    const cases: AnswerCase[] = sets
      .filter((s) => s.vault === vault)
      .flatMap((s) => {
        const { questions, problems } = checkQuestionFile(s.queries, vault, s);
        if (problems.length) throw new UsageError(problems.join('\n'));
        return questions.slice(0, opts.limit ?? questions.length).map((x) => ({
          set: s.name,
          part: s.part,
          q: x.q,
          rel: x.rel,
        }));
      });
    const today = pinnedToday(sets.filter((s) => s.vault === vault));
    // The user's own file, or one named index, as before; a manifest's sets use the eval indexes (until
    // 2026-11-26 they used the app's own index of the vault, and --data-root was silently ignored).
    const service =
      opts.data || opts.vault
        ? await VaultService.open({ vault, dataDir: opts.data })
        : (await openEvalIndex(path.resolve(opts.dataRoot ?? defaultEvalRoot()), vault, opts.embeddingModel)).service;
    try {
      await service.sync();
      const { createChatService } = await import('../agent/chatService.js');
      const chat = await createChatService(service, {
        endpoint: { endpoint: opts.chatEndpoint, model: opts.chatModel },
        ...(today ? { today: () => today } : {}),
      });
      try {
        rows.push(
          ...(await runAnswerEval(
            cases,
            async (q, thread) => {
              const shown: { source: string }[] = [];
              const result = await chat.ask(thread, q, { onSources: (sources) => shown.push(...sources) });
              return { ...result, shown };
            },
            (row, i) => {
              process.stderr.write(
                `${row.set} ${i + 1}/${cases.length} ${progressMark(row)} ${(row.total_ms / 1000).toFixed(1)}s` +
                  (opts.verbose ? `\n  Q: ${row.q}\n  A: ${row.answer}\n  cited: ${row.cited.join(', ')}\n` : '\n'),
              );
            },
          )),
        );
      } finally {
        await chat.close();
      }
    } finally {
      service.close();
    }
  }
  const bySet = sets.map((s) => ({
    set: s.name,
    part: s.part,
    ...summariseAnswers(rows.filter((r) => r.set === s.name)),
  }));
  if (opts.json) return printJson({ sets: bySet, all: summariseAnswers(rows), rows });
  const f = (x: number | null) => (x === null ? '–' : x.toFixed(2));
  console.log(
    '| set | part | questions | right note shown | citation hit | off-topic refused | leaks | median s | p95 s |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (const m of bySet) {
    console.log(
      `| ${m.set} | ${m.part} | ${m.questions} | ${f(m.found_rate)} | ${f(m.citation_hit_rate)} | ${f(m.refusal_rate)} | ${m.leaks} | ${(m.latency_ms.median / 1000).toFixed(1)} | ${(m.latency_ms.p95 / 1000).toFixed(1)} |`,
    );
  }
}

/** One answer in the progress lines: a miss says whether the search had shown a right note. */
function progressMark(row: AnswerRow): string {
  if (row.leak) return 'LEAK';
  if (row.rel.length === 0) return row.refused ? 'ok' : 'ANS';
  return row.hit ? 'hit' : row.found ? 'miss (shown)' : 'miss';
}

/** The sets' pinned "today" (eval/sets.json), as local noon of that day; the sets over one vault must agree. */
function pinnedToday(sets: EvalSetEntry[]): Date | undefined {
  const days = [...new Set(sets.map((s) => s.today).filter((d): d is string => d !== undefined))];
  if (days.length > 1)
    throw new UsageError(`The chosen sets over one vault pin different days as today: ${days.join(', ')}.`);
  return days[0] === undefined ? undefined : pinnedDay(days[0]);
}
