/**
 * Sentence vectors as a dense signal, measured before anything is built for them
 * (docs/languages.md, "Sentence vectors"). Every note of an existing index is ranked three ways by dense similarity
 * to each question: by its best chunk vector (what search ranks by; this column reproduces `npm run eval`'s dense
 * rows), by its best sentence vector, and by the two added. Sentences are those the index would store for any chunk
 * (everySentenceText; it stores Japanese and Chinese ones only). Their vectors are cached in `--cache FILE`, since
 * embedding a vault's sentences takes minutes. Choose on `--part tune` sets only.
 *
 *   node --import tsx bench/sentenceVectors.ts --data DIR --cache FILE.json --set NAME [--set NAME ...]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { VaultService } from '../src/services/vaultService.js';
import { cosine } from '../src/models/embedder.js';
import { scoreRanking } from '../src/search/evaluate.js';
import { loadEvalSets, selectEvalSets, checkQuestionFile } from '../src/search/evalSets.js';
import { embeddingText, everySentenceText } from '../src/pipeline/chunkRecords.js';
import { option, repeated } from './lib/args.js';

const cacheFile = option('--cache')!;
const sets = selectEvalSets(loadEvalSets(), { names: repeated('--set') });
const service = await VaultService.open({ vault: sets[0]!.vault, dataDir: option('--data')! });
const embed = (texts: string[], kind: 'query' | 'passage') => service.embedder.embed(texts, { kind });

type Chunk = { source: string; title: string; header_path: string; page_content: string };
const chunks = service.index.db.db
  .prepare('select source, title, header_path, page_content from obq_chunks')
  .all() as Chunk[];

const cache: Record<string, number[]> = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
const sentences = chunks.flatMap((c) => everySentenceText(c).map((text) => ({ source: c.source, text })));
const missing = [...new Set(sentences.map((s) => s.text).filter((t) => !cache[t]))];
console.error(`${sentences.length} sentences in ${chunks.length} chunks; ${missing.length} to embed`);
for (let i = 0; i < missing.length; i += 64) {
  const vs = await embed(missing.slice(i, i + 64), 'passage');
  vs.forEach((v, j) => (cache[missing[i + j]!] = [...v]));
}
if (missing.length) writeFileSync(cacheFile, JSON.stringify(cache));
const sentenceVectors = sentences.map((s) => ({ source: s.source, v: Float32Array.from(cache[s.text]!) }));
const chunkVectors = await embed(chunks.map(embeddingText), 'passage');

/** Each note's best score over its items. */
function bestPerNote(items: { source: string; v: Float32Array }[], q: Float32Array): Map<string, number> {
  const best = new Map<string, number>();
  for (const { source, v } of items) best.set(source, Math.max(best.get(source) ?? -1, cosine(q, v)));
  return best;
}
const ranked = (scores: Map<string, number>) => [...scores].sort((a, b) => b[1] - a[1]).map(([s]) => s);

try {
  for (const s of sets) {
    const questions = checkQuestionFile(s.queries, s.vault, s).questions.filter((q) => q.rel.length > 0);
    const sums = { chunk: [0, 0], sentence: [0, 0], 'chunk + sentence': [0, 0] };
    for (const q of questions) {
      const [qv] = await embed([q.q], 'query');
      const byChunk = bestPerNote(
        chunks.map((c, i) => ({ source: c.source, v: chunkVectors[i]! })),
        qv!,
      );
      const bySentence = bestPerNote(sentenceVectors, qv!);
      const both = new Map([...byChunk].map(([n, x]) => [n, x + (bySentence.get(n) ?? 0)]));
      for (const [label, scores] of [
        ['chunk', byChunk],
        ['sentence', bySentence],
        ['chunk + sentence', both],
      ] as const) {
        const m = scoreRanking(ranked(scores), q.rel);
        sums[label][0]! += m.r5;
        sums[label][1]! += m.rr;
      }
    }
    for (const [label, [r5, rr]] of Object.entries(sums))
      console.log(
        `${s.name} (${s.part}, ${questions.length} q) ${label}: R@5 ${(r5! / questions.length).toFixed(3)} MRR@10 ${(rr! / questions.length).toFixed(3)}`,
      );
  }
} finally {
  service.close();
}
