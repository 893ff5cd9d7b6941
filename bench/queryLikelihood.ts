/**
 * Experiment: how likely the bundled chat model finds the question after each retrieved chunk (query likelihood,
 * "UPR"), against the question alone. Writes per question the top chunks with fused rank and both log-likelihoods.
 *
 *   node --import tsx bench/queryLikelihood.ts --data DIR --set NAME [--set NAME ...] --out FILE.json [--top N]
 */
import { writeFileSync } from 'node:fs';
import { VaultService } from '../src/services/vaultService.js';
import { loadEvalSets, selectEvalSets, checkQuestionFile } from '../src/search/evalSets.js';
import { similaritySearch } from '../src/search/similaritySearch.js';
import { loadManifest, modelFilePath } from '../src/models/manifest.js';
import { option, repeated } from './lib/args.js';

const data = option('--data')!;
const out = option('--out')!;
const top = Number(option('--top') ?? 10);
const sets = selectEvalSets(loadEvalSets(), { names: repeated('--set') });
const service = await VaultService.open({ vault: sets[0]!.vault, dataDir: data });
const { getLlama } = await import('node-llama-cpp');
const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error' as never });
const model = await llama.loadModel({ modelPath: modelFilePath(loadManifest().chat) });
const context = await model.createContext({ contextSize: 1024, threads: 2, sequences: 1 });
const seq = context.getSequence();

/** Mean log P(question tokens | prefix). */
async function logLikelihood(prefix: string, question: string): Promise<number> {
  const p = model.tokenize(prefix, true);
  const q = model.tokenize(question, false);
  await seq.clearHistory();
  const input = [...p, ...q].map((t, i) =>
    i >= p.length - 1 && i < p.length + q.length - 1
      ? ([t, { generateNext: { probabilities: true } }] as [typeof t, { generateNext: { probabilities: true } }])
      : t,
  );
  const res = await seq.controlledEvaluate(input);
  let sum = 0;
  for (let i = 0; i < q.length; i++) {
    const probs = res[p.length - 1 + i]?.next?.probabilities;
    const pr = probs?.get(q[i]!) ?? 1e-9;
    sum += Math.log(Math.max(pr, 1e-9));
  }
  return sum / q.length;
}

const rows: unknown[] = [];
const t0 = Date.now();
let n = 0;
for (const s of sets) {
  const { questions } = checkQuestionFile(s.queries, s.vault, s);
  for (const x of questions) {
    const results = await similaritySearch(service.index, service.embedder, {
      refined_query_for_vector_search: x.q,
      metadata_filters: {},
      filter_by_filenames: [],
      k: top,
      threshold: service.embedder.calibration.threshold,
      dateAware: false,
    });
    const cue = '\n\nQuestion: ';
    const ll0 = await logLikelihood('Question: ', x.q);
    const chunks = [];
    for (const r of results.slice(0, top)) {
      const body = model.detokenize(model.tokenize(r.page_content, false).slice(0, 256));
      const ll = await logLikelihood(`${r.title}\n${body}${cue}`, x.q);
      chunks.push({ source: r.source, rank: r.rank, score: r.score, dense: r.dense_score, sparse: r.sparse_score, ll });
    }
    rows.push({ set: s.name, q: x.q, rel: x.rel, ll0, chunks });
    n++;
    if (n % 10 === 0) process.stderr.write(`${n} ${((Date.now() - t0) / n).toFixed(0)} ms/q\n`);
  }
}
writeFileSync(out, JSON.stringify(rows));
service.close();
process.exit(0);
