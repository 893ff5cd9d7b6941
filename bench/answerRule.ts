/**
 * The answer rule's inputs, dumped once per question so its numbers can be chosen without the chat model (issue 24
 * part 4): for each question of the chosen sets, the search the agent runs for a plain first question (the
 * question as asked, k and threshold as shipped) and every quotable sentence of the top chunks with what the
 * relevance rule sees (src/agent/synthesizer.ts describeCandidates). Choose on `--part tune` sets only.
 *
 *   node --import tsx bench/answerRule.ts --data DIR --set NAME [--set NAME ...] --out FILE.json
 */
import { writeFileSync } from 'node:fs';
import { VaultService } from '../src/services/vaultService.js';
import { loadEvalSets, selectEvalSets, checkQuestionFile } from '../src/search/evalSets.js';
import { similaritySearch } from '../src/search/similaritySearch.js';
import { describeCandidates } from '../src/agent/synthesizer.js';
import { questionKeyWords, commonWords } from '../src/agent/relevance.js';
import { unknownWords, wordDocumentCounts } from '../src/store/sparse.js';
import { queryTerms, words, wordTerms } from '../src/text/segment.js';
import { questionLanguage } from '../src/agent/language.js';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const data = opt('--data');
const out = opt('--out');
if (!data || !out) throw new Error('usage: answerRule.ts --data DIR --set NAME [--set NAME ...] --out FILE.json');
const names = args.flatMap((a, i) => (a === '--set' ? [args[i + 1]!] : []));
const sets = selectEvalSets(loadEvalSets(), { names });
const vaults = [...new Set(sets.map((s) => s.vault))];
if (vaults.length !== 1) throw new Error('--data names one index: choose sets over one vault');
const service = await VaultService.open({ vault: vaults[0]!, dataDir: data });
const rows: unknown[] = [];
try {
  for (const s of sets) {
    const { questions } = checkQuestionFile(s.queries, s.vault, s);
    for (const x of questions) {
      const results = await similaritySearch(service.index, service.embedder, {
        refined_query_for_vector_search: x.q,
        metadata_filters: {},
        filter_by_filenames: [],
        k: 5,
        threshold: service.embedder.calibration.threshold,
        dateAware: false,
      });
      const d = await describeCandidates(x.q, results, service.embedder);
      // Which of the question's words (queryTerms words) a text holds, for rules over the question's topic words.
      const qts = queryTerms(x.q);
      const holds = (text: string) => {
        const inText = new Set(words(text).flatMap(wordTerms));
        return qts.filter((t) => t.terms.some((w) => inText.has(w))).map((t) => t.word);
      };
      rows.push({
        set: s.name,
        q: x.q,
        rel: x.rel,
        keyTerms: questionKeyWords(x.q).map((k) => k.word),
        lang: questionLanguage(x.q),
        df: Object.fromEntries(wordDocumentCounts(service.index.db, x.q)),
        chunkCount: service.index.db.countsByStatus().chunks,
        unknown: unknownWords(service.index.db, x.q),
        common: [...commonWords(results.map((r) => `${r.title} ${r.page_content}`))],
        results: results.map((r) => ({
          source: r.source,
          title: r.title,
          dense: r.dense_score,
          sparse: r.sparse_score,
          score: r.score,
          // What the rule's common words are counted over (synthesizer.ts: title and text of each chunk).
          text: `${r.title} ${r.page_content}`,
          holds: holds(`${r.title} ${r.page_content}`),
        })),
        ...d,
        candidates: d.candidates.map((c) => ({ ...c, holds: holds(c.text) })),
      });
      process.stderr.write(`${rows.length} ${s.name}\n`);
    }
  }
} finally {
  service.close();
}
writeFileSync(out, JSON.stringify(rows));
