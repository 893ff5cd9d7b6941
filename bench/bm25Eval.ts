/**
 * BM25-only retrieval quality in seconds instead of an embedding sync: the real sync pipeline with a constant
 * embedder (BM25 ranking does not depend on it), then evaluate() in 'sparse' mode. `--tree DIR` runs another
 * checkout's sources (say an export of the previous commit) so before and after come from one run.
 *
 *   node --import tsx bench/bm25Eval.ts [--tree DIR] NAME::VAULT::QUESTIONS.jsonl ...
 *
 * Prints one JSON line per set. Indexes go to a temp folder that is removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const treeAt = args.indexOf('--tree');
const root = treeAt >= 0 ? path.resolve(args[treeAt + 1]!) : path.resolve(fileURLToPath(import.meta.url), '../..');
const sets = args.filter((_, i) => treeAt < 0 || (i !== treeAt && i !== treeAt + 1));
if (sets.length === 0) throw new Error('usage: bm25Eval.ts [--tree DIR] NAME::VAULT::QUESTIONS.jsonl ...');

const { openIndex } = await import(path.join(root, 'src/store/openIndex.ts'));
const { syncVault } = await import(path.join(root, 'src/pipeline/sync.ts'));
const { evaluate, readQueries } = await import(path.join(root, 'src/search/evaluate.ts'));

const embedder = {
  modelId: 'constant-4d',
  dimension: 4,
  calibration: { threshold: 0, denseWeight: 0.5 },
  embed: async (texts: string[]) => texts.map(() => new Float32Array([0.5, 0.5, 0.5, 0.5])),
  dispose: async () => {},
};

const scratch = mkdtempSync(path.join(os.tmpdir(), 'obq-bm25-'));
try {
  for (const set of sets) {
    const [name, vault, questions] = set.split('::');
    if (!name || !vault || !questions) throw new Error(`expected NAME::VAULT::QUESTIONS, got ${set}`);
    const index = await openIndex(path.join(scratch, name), { modelId: embedder.modelId, dimension: 4 });
    try {
      await syncVault({ vault, index, embedder });
      const queries = readQueries(questions);
      const started = performance.now();
      const m = (await evaluate(index, embedder, queries, ['sparse'])).sparse;
      const msPerQuery = (performance.now() - started) / queries.length;
      console.log(JSON.stringify({ tree: root, set: name, ...m, ms_per_query: Number(msPerQuery.toFixed(1)) }));
    } finally {
      index.close();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
