import path from 'node:path';
import { appDataRoot } from '../store/dataDir.js';
import { openEvalIndex } from '../services/evalIndex.js';
import {
  evaluate,
  fusionTarget,
  offTopicRefusals,
  readQueries,
  type EvalQuery,
  type Metrics,
} from '../search/evaluate.js';
import { askedOn, loadEvalSets, selectEvalSets, type SetPart as EvalPart, type EvalSet } from '../search/evalSets.js';
import type { Embedder } from '../models/embedder.js';
import type { Index } from '../store/openIndex.js';
import { printJson } from './output.js';

export interface EvalSetsOptions {
  sets?: string[];
  part?: EvalPart;
  dataRoot?: string;
  manifest?: string;
  json?: boolean;
  embeddingModel?: string;
}

type Retrieval = Record<'dense' | 'sparse' | 'hybrid', Metrics>;

export interface SetReport {
  set: string;
  part: EvalPart;
  language: string;
  vault: string;
  embedder: string;
  index: string;
  questions: number;
  /** Ranking metrics; absent for an off-topic set. */
  retrieval?: Retrieval;
  target?: ReturnType<typeof fusionTarget>;
  /** Off-topic sets (every `rel` empty): the share the shipped search answers with nothing. */
  off_topic?: Awaited<ReturnType<typeof offTopicRefusals>>;
}

/** Where `npm run eval` keeps its indexes unless --data-root says otherwise. */
export function defaultEvalRoot(): string {
  return path.join(appDataRoot(), 'eval');
}

/**
 * `obsiquery eval` without --queries: every set of the manifest (or those picked), each vault indexed once under
 * the data root with the embedder a user would get for it (detected language, as on a first sync), synced (a no-op
 * when up to date), then one table per set and a summary of the fusion target.
 */
export async function runEvalSets(opts: EvalSetsOptions): Promise<SetReport[]> {
  const sets = selectEvalSets(loadEvalSets(opts.manifest), { names: opts.sets, part: opts.part });
  const dataRoot = path.resolve(opts.dataRoot ?? defaultEvalRoot());
  const byVault = new Map<string, EvalSet[]>();
  for (const s of sets) byVault.set(s.vault, [...(byVault.get(s.vault) ?? []), s]);
  const reports: SetReport[] = [];
  for (const [vault, vaultSets] of byVault) {
    // The model a first sync of this vault would pick; its index folder is named for it.
    const { service, dataDir } = await openEvalIndex(dataRoot, vault, opts.embeddingModel);
    try {
      const summary = await service.sync();
      process.stderr.write(
        `${path.basename(vault)}: index ${dataDir} ready with ${service.embedder.modelId} (${summary.added + summary.modified} files embedded now)\n`,
      );
      for (const set of vaultSets) {
        const queries = readQueries(set.queries, { offTopic: true });
        const base = {
          set: set.name,
          part: set.part,
          language: set.language,
          vault,
          embedder: service.embedder.modelId,
          index: dataDir,
          questions: queries.length,
        };
        const report: SetReport = {
          ...base,
          ...(await measureQuestions(service.index, service.embedder, queries, askedOn(set))),
        };
        reports.push(report);
        if (!opts.json) printSet(report);
      }
    } finally {
      service.close();
    }
  }
  if (opts.json) printJson(reports);
  else printSummary(reports);
  return reports;
}

/** What one question file measures: ranking on the questions a note answers, refusals on the rest (`"rel": []`). */
export type QuestionsReport = Pick<SetReport, 'retrieval' | 'target' | 'off_topic'>;

/** Measures a question file's questions, on-topic and off-topic alike (a manifest set, or a user's own file). */
export async function measureQuestions(
  index: Index,
  embedder: Embedder,
  queries: EvalQuery[],
  /** The day the questions are asked on, when the set pins one (askedOn): date phrases then filter as in the app. */
  day?: Date,
): Promise<QuestionsReport> {
  const report: QuestionsReport = {};
  const ranked = queries.filter((q) => q.rel.length > 0);
  if (ranked.length > 0) {
    report.retrieval = (await evaluate(index, embedder, ranked, undefined, { today: day })) as Retrieval;
    report.target = fusionTarget(report.retrieval);
  }
  const offTopic = queries.filter((q) => q.rel.length === 0);
  if (offTopic.length > 0) report.off_topic = await offTopicRefusals(index, embedder, offTopic, day);
  return report;
}

const f3 = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
const offTopicLine = (off: NonNullable<QuestionsReport['off_topic']>) =>
  `\nOff-topic questions: ${off.queries}; the search returned nothing relevant for ${f3(off.refused)} of them.`;

/** `eval --vault --queries`: one table of the three systems, the fusion margin and the off-topic share. */
export function printQuestionsReport(r: QuestionsReport): void {
  if (r.retrieval && r.target) {
    console.log('| system | Recall@1 | Recall@5 | MRR@10 | nDCG@10 |\n|---|---|---|---|---|');
    for (const [mode, m] of Object.entries(r.retrieval))
      console.log(
        `| ${mode} | ${f3(m.recall_at_1)} | ${f3(m.recall_at_5)} | ${f3(m.mrr_at_10)} | ${f3(m.ndcg_at_10)} |`,
      );
    console.log(
      `\nHybrid against the better single system: Recall@5 ${signed(r.target.r5_margin)}, MRR@10 ${signed(r.target.mrr_margin)} (target >= -0.01: ${r.target.holds ? 'holds' : 'missed'}).`,
    );
  }
  if (r.off_topic) console.log(offTopicLine(r.off_topic));
}

function printSet(r: SetReport): void {
  const part = r.part === 'tune' ? 'tuning part' : 'test part';
  console.log(
    `\n### ${r.set}: ${r.questions} questions, ${part} (${path.basename(r.vault)}, ${r.language}, ${r.embedder})\n`,
  );
  if (r.retrieval) {
    console.log('| system | Recall@1 | Recall@5 | MRR@10 | nDCG@10 | p95 ms |\n|---|---|---|---|---|---|');
    const rows: [string, Metrics][] = [
      ['dense', r.retrieval.dense],
      ['BM25', r.retrieval.sparse],
      ['hybrid (shipped)', r.retrieval.hybrid],
    ];
    for (const [name, m] of rows)
      console.log(
        `| ${name} | ${f3(m.recall_at_1)} | ${f3(m.recall_at_5)} | ${f3(m.mrr_at_10)} | ${f3(m.ndcg_at_10)} | ${m.p95_ms.toFixed(0)} |`,
      );
  }
  if (r.off_topic) console.log(offTopicLine(r.off_topic));
}

function printSummary(reports: SetReport[]): void {
  const ranked = reports.filter((r) => r.target);
  if (ranked.length === 0) return;
  console.log(
    '\n### Fusion target: hybrid R@5 and MRR@10 each >= the better single system - 0.01\n\n| set | part | R@5 margin | MRR@10 margin | holds |\n|---|---|---|---|---|',
  );
  for (const r of ranked)
    console.log(
      `| ${r.set} | ${r.part} | ${signed(r.target!.r5_margin)} | ${signed(r.target!.mrr_margin)} | ${r.target!.holds ? 'yes' : '**no**'} |`,
    );
  const tests = ranked.filter((r) => r.part === 'test');
  const missed = tests.filter((r) => !r.target!.holds);
  console.log(
    tests.length === 0
      ? '\nNo test part among these sets: the target is judged on test parts.'
      : missed.length === 0
        ? `\nThe target holds on all ${tests.length} test parts.`
        : `\nThe target is missed on ${missed.length} of ${tests.length} test parts: ${missed.map((r) => r.set).join(', ')}.`,
  );
}
