import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkQuestionFile, readSetManifest, type EvalSetEntry } from '../search/evalSets.js';
import { VaultService, UsageError } from '../services/vaultService.js';
import { runAnswerEval, summariseAnswers, type AnswerCase, type AnswerRow } from '../agent/answerEval.js';
import { printJson } from './output.js';

/** `npm run eval -- --answers`: the agent on each question of the chosen sets, scored by src/agent/answerEval.ts. */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SETS_MANIFEST = path.join(REPO_ROOT, 'eval', 'sets.json');

export interface AnswersCommandOptions {
  /** Set names from eval/sets.json; all sets when empty (narrowed by part). */
  set?: string[];
  part?: 'tune' | 'test';
  /** Only the first n questions of each set (small slices while developing: an answer takes seconds). */
  limit?: number;
  /** An index folder, for sets that all share one vault. */
  data?: string;
  json?: boolean;
  chatEndpoint?: string;
  chatModel?: string;
  /** Every answer on stderr as it comes (for looking at failures). */
  verbose?: boolean;
}

export function chooseSets(all: EvalSetEntry[], names: string[] = [], part?: 'tune' | 'test'): EvalSetEntry[] {
  const unknown = names.filter((n) => !all.some((s) => s.name === n));
  if (unknown.length)
    throw new UsageError(
      `Unknown question set ${unknown.map((n) => `"${n}"`).join(', ')}; eval/sets.json has ${all.map((s) => s.name).join(', ')}.`,
    );
  const chosen = all.filter((s) => (names.length === 0 || names.includes(s.name)) && (!part || s.part === part));
  if (chosen.length === 0) throw new UsageError('No question set matches the chosen --set and --part.');
  return chosen;
}

export async function runAnswersCommand(opts: AnswersCommandOptions): Promise<void> {
  const sets = chooseSets(readSetManifest(SETS_MANIFEST), opts.set, opts.part);
  const vaults = [...new Set(sets.map((s) => s.vault))];
  if (opts.data && vaults.length > 1)
    throw new UsageError(`--data names one index, but the chosen sets are over ${vaults.length} vaults.`);
  const rows: AnswerRow[] = [];
  for (const vault of vaults) {
    const cases: AnswerCase[] = sets
      .filter((s) => s.vault === vault)
      .flatMap((s) => {
        const file = path.resolve(REPO_ROOT, s.queries);
        const { questions, problems } = checkQuestionFile(file, path.resolve(REPO_ROOT, vault), s);
        if (problems.length) throw new UsageError(problems.join('\n'));
        return questions.slice(0, opts.limit ?? questions.length).map((x) => ({
          set: s.name,
          part: s.part,
          q: x.q,
          rel: x.rel,
        }));
      });
    const service = await VaultService.open({ vault: path.resolve(REPO_ROOT, vault), dataDir: opts.data });
    try {
      await service.sync();
      const { createChatService } = await import('../agent/chatService.js');
      const chat = await createChatService(service, {
        endpoint: { endpoint: opts.chatEndpoint, model: opts.chatModel },
      });
      try {
        rows.push(
          ...(await runAnswerEval(
            cases,
            (q, thread) => chat.ask(thread, q),
            (row, i) => {
              const mark = row.leak ? 'LEAK' : row.rel.length ? (row.hit ? 'hit' : 'miss') : row.refused ? 'ok' : 'ANS';
              process.stderr.write(
                `${row.set} ${i + 1}/${cases.length} ${mark} ${(row.total_ms / 1000).toFixed(1)}s` +
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
    '| set | part | questions | citation hit | off-topic refused | leaks | median s | p95 s |\n|---|---|---|---|---|---|---|---|',
  );
  for (const m of bySet) {
    console.log(
      `| ${m.set} | ${m.part} | ${m.questions} | ${f(m.citation_hit_rate)} | ${f(m.refusal_rate)} | ${m.leaks} | ${(m.latency_ms.median / 1000).toFixed(1)} | ${(m.latency_ms.p95 / 1000).toFixed(1)} |`,
    );
  }
}
