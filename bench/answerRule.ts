/**
 * The answer rule's inputs, dumped once per question so its numbers can be chosen without the chat model (issue 24
 * part 4): for each question of the chosen sets, the search the agent runs for a plain first question (the
 * question as asked, k and threshold as shipped) and every quotable sentence of the pooled chunks with what the
 * relevance rule sees, as the selector itself scores it (src/agent/synthesizer.ts describeCandidates). Choose on
 * `--part tune` sets only.
 *
 *   node --import tsx bench/answerRule.ts --data DIR --set NAME [--set NAME ...] --out FILE.json
 *
 * `--replay` instead runs the selector itself (selectAnswerSentences, no chat model, no judge) over a grid of
 * search depths k and quote pools (ANSWER_POOL: top chunks + distinct notes × chunks per note), and writes each
 * configuration's citation hit rate, false refusals and off-topic refusals
 * (questions naming a thing the vault never mentions are refused before search, as the agent does):
 *
 *   node --import tsx bench/answerRule.ts --data DIR --set NAME ... --out FILE.json --replay \
 *     [--k 5,8,10] [--pool 4+0x0,0+3x2,4+4x1]
 */
import { writeFileSync } from 'node:fs';
import { VaultService } from '../src/services/vaultService.js';
import { loadEvalSets, selectEvalSets, checkQuestionFile } from '../src/search/evalSets.js';
import { similaritySearch, type SearchResult } from '../src/search/similaritySearch.js';
import {
  ANSWER_POOL,
  describeCandidates,
  selectAnswerSentences,
  type SelectorTuning,
} from '../src/agent/synthesizer.js';
import { commonWords, questionKeyWords, unknownNames, unknownThings } from '../src/agent/relevance.js';
import { ANSWER_SEARCH_K } from '../src/agent/retrieveNotesTool.js';
import { holdsPhrase, unknownWords, wordDocumentCounts } from '../src/store/sparse.js';
import { queryTerms, words, wordTerms } from '../src/text/segment.js';
import { questionLanguage } from '../src/agent/language.js';
import { memoisedEmbedder } from './searchCache.js';
import { option, repeated } from './lib/args.js';

const args = process.argv.slice(2);
const list = (name: string, fallback: string) => (option(name) ?? fallback).split(',');
const data = option('--data');
const out = option('--out');
if (!data || !out) throw new Error('usage: answerRule.ts --data DIR --set NAME [--set NAME ...] --out FILE.json');
const names = repeated('--set');
const sets = selectEvalSets(loadEvalSets(), { names });
const vaults = [...new Set(sets.map((s) => s.vault))];
if (vaults.length !== 1) throw new Error('--data names one index: choose sets over one vault');
const service = await VaultService.open({ vault: vaults[0]!, dataDir: data });

const search = (q: string, k: number): Promise<SearchResult[]> =>
  similaritySearch(service.index, service.embedder, {
    refined_query_for_vector_search: q,
    metadata_filters: {},
    filter_by_filenames: [],
    k,
    threshold: service.embedder.calibration.threshold,
    dateAware: false,
  });

// What the agent refuses before any search besides unknown names (retrieveNotesTool.ts): things the vault never names.
const namedThings = (q: string) =>
  unknownThings(
    q,
    (phrase) => holdsPhrase(service.index.db, phrase),
    () => service.index.db.indexedNotes().map((n) => n.title),
  );

const rows: unknown[] = [];
try {
  if (!args.includes('--replay')) {
    for (const s of sets) {
      const { questions } = checkQuestionFile(s.queries, s.vault, s);
      for (const x of questions) {
        // The depth the agent's search asks for (ANSWER_SEARCH_K), so the pool is the one the agent quotes from.
        const results = await search(x.q, ANSWER_SEARCH_K);
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
          unknownThings: namedThings(x.q),
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
  } else {
    const embedder = memoisedEmbedder(service.embedder);
    const ks = list('--k', '5').map(Number);
    const pools = list('--pool', `${ANSWER_POOL.top}+${ANSWER_POOL.notes}x${ANSWER_POOL.perNote}`).map((p) => {
      // top+notes x perNote: "4+0x0" is the top four chunks, whatever their notes (the rule before).
      const [top, notes, perNote] = p.split(/[+x]/).map(Number);
      return { top: top!, notes: notes!, perNote: perNote! };
    });
    // configuration -> set -> counts
    const tally = new Map<string, Map<string, { n: number; hit: number; refused: number; ms: number }>>();
    for (const s of sets) {
      const { questions } = checkQuestionFile(s.queries, s.vault, s);
      for (const x of questions) {
        const lacking = unknownWords(service.index.db, x.q);
        const named = unknownNames(x.q, lacking).length > 0 || namedThings(x.q).length > 0;
        const perQuestion: Record<string, unknown> = {};
        for (const k of ks) {
          const results = named ? [] : await search(x.q, k);
          for (const pool of pools) {
            const tuning: SelectorTuning = { pool };
            const t0 = performance.now();
            const r = results.length
              ? await selectAnswerSentences(x.q, results, [], embedder, 2, { unknownWords: lacking, tuning })
              : { text: '', cited: [] };
            const ms = performance.now() - t0;
            const cited = r.cited.map((n) => results[n - 1]!.source);
            const refused = r.text === '';
            const hit = !refused && cited.some((c) => x.rel.includes(c));
            const name = `k=${k} pool=${pool.top}+${pool.notes}x${pool.perNote}`;
            const bySet = tally.get(name) ?? tally.set(name, new Map()).get(name)!;
            const t = bySet.get(s.name) ?? bySet.set(s.name, { n: 0, hit: 0, refused: 0, ms: 0 }).get(s.name)!;
            t.n++;
            t.hit += hit ? 1 : 0;
            t.refused += refused ? 1 : 0;
            t.ms += ms;
            perQuestion[name] = { hit, refused, cited, text: r.text };
          }
        }
        rows.push({ set: s.name, q: x.q, rel: x.rel, configs: perQuestion });
        process.stderr.write(`${rows.length} ${s.name}\n`);
      }
    }
    for (const [name, bySet] of tally) {
      const cells = [...bySet].map(
        ([set, t]) => `${set} hit ${t.hit}/${t.n} refused ${t.refused}/${t.n} ${(t.ms / t.n).toFixed(0)} ms`,
      );
      console.log(`${name}: ${cells.join(' | ')}`);
    }
  }
} finally {
  service.close();
}

writeFileSync(out, JSON.stringify(rows));
