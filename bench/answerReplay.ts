/**
 * The answer rule replayed as the agent applies it, without the chat model (its drafts are off for the bundled model,
 * see draftsFor): questions naming something the vault never mentions are refused first (unmentioned, as
 * retrieveNotesTool.ts does), the rest get the agent's search (k 10) and the selector's picks; a question asking who or
 * what something is first gets the opening of the note about it, as the agent's does (openingFor).
 * Search results and embeddings are cached on disk (`--cache DIR`), so a change to the rule replays in seconds; delete
 * the cache after a change to search or to the embedder. Per question: hit, refusal, the cited notes, whether a right
 * note was in the quote pool; `--verbose` adds every candidate sentence as describeCandidates scores it. Used to
 * choose the Japanese numbers of issue 24 (docs/answer-quality.md); choose on `--part tune` sets only.
 *
 *   node --import tsx bench/answerReplay.ts --data DIR --cache DIR (--set NAME [--set NAME ...] | --vault DIR --queries FILE)
 *     [--show] [--verbose] [--out FILE.json]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VaultService } from '../src/services/vaultService.js';
import { adHocEvalSet, loadEvalSets, selectEvalSets, checkQuestionFile } from '../src/search/evalSets.js';
import { similaritySearch, type SearchResult } from '../src/search/similaritySearch.js';
import { describeCandidates, selectAnswerSentences, quotePool } from '../src/agent/synthesizer.js';
import { unmentioned } from '../src/agent/unmentioned.js';
import { namedNotes, notesCalledByName } from '../src/agent/relevance.js';
import { sectionListAnswer } from '../src/agent/sectionList.js';
import type { Embedder } from '../src/models/embedder.js';
import { citeDescribedNotes, linkedNoteChunk } from '../src/agent/describedNote.js';
import { citedNumbers } from '../src/agent/citationMarks.js';
import { leadNoteOf, noteAbout, noteLead } from '../src/agent/noteLead.js';
import { questionKeyWords } from '../src/agent/relevance.js';
import { definitionSubject } from '../src/text/definitionQuestion.js';
import { chunksWritingPhrase, inTheVaultsSpelling } from '../src/store/sparse.js';
import { option, repeated } from './lib/args.js';
import { inVaultLanguage } from '../src/agent/language.js';
import { detectVaultLanguage } from '../src/models/vaultLanguage.js';

const args = process.argv.slice(2);
const data = option('--data')!;
const cacheDir = option('--cache')!;
const show = args.includes('--show');
const verbose = args.includes('--verbose');
mkdirSync(cacheDir, { recursive: true });
const names = repeated('--set');
// A question file of one's own (--vault DIR --queries FILE) replays like a set, as `eval --answers` runs one.
const adHoc = option('--queries');
const sets = adHoc ? [adHocEvalSet(option('--vault')!, adHoc)] : selectEvalSets(loadEvalSets(), { names });
const service = await VaultService.open({ vault: sets[0]!.vault, dataDir: data });
// What a question that shows no language of its own is read in: the vault's, as the chat service detects it.
const vaultLanguage = (
  await detectVaultLanguage(service.index.db.indexedNotes().map((n) => join(service.vault, n.source)))
).lang;

const embFile = join(cacheDir, 'emb.json');
const searchFile = join(cacheDir, 'search.json');
const emb: Record<string, number[]> = existsSync(embFile) ? JSON.parse(readFileSync(embFile, 'utf8')) : {};
const searches: Record<string, SearchResult[]> = existsSync(searchFile)
  ? JSON.parse(readFileSync(searchFile, 'utf8'))
  : {};
let dirty = false;
const vecs = new Map<string, Float32Array>();
const embedder: Embedder = {
  modelId: service.embedder.modelId,
  dimension: service.embedder.dimension,
  calibration: service.embedder.calibration,
  dispose: async () => undefined,
  async embed(texts, o) {
    const key = (t: string) => `${o?.kind ?? 'passage'}\u0000${t}`;
    const missing = [...new Set(texts.filter((t) => !emb[key(t)]))];
    if (missing.length) {
      const got = await service.embedder.embed(missing, o);
      got.forEach((v, i) => (emb[key(missing[i]!)] = [...v]));
      dirty = true;
    }
    return texts.map((t) => {
      const k = key(t);
      if (!vecs.has(k)) vecs.set(k, Float32Array.from(emb[k]!));
      return vecs.get(k)!;
    });
  },
};

/**
 * "who is Lena", "what is Canvas": the agent quotes the opening of a note before it chooses any sentence, the note the
 * subject names (retrieveNotesTool's 'lead' route, taken before search) or search's first note when it is about the
 * subject (noteAbout, in its 'synthesize' node). Without this the replay refused "キャンバスとは何ですか", which the
 * agent answers with the Canvas note's opening. The link policy (allowSource) is not applied: eval vaults link inward.
 */
function openingFor(question: string, results: SearchResult[]): { text: string; results: SearchResult[] } | null {
  const subject = definitionSubject(question);
  if (subject === null) return null;
  const db = service.index.db;
  const named = leadNoteOf(question, db);
  if (named !== null) {
    const lead = noteLead(db.chunksOfNote(named.source), { named: named.byRelation });
    if (lead) return lead;
  }
  const first = results[0]?.source;
  if (first === undefined || questionKeyWords(subject).length === 0) return null;
  const chunks = db.chunksOfNote(first);
  return noteAbout(subject, chunks, () => chunksWritingPhrase(db, subject)) ? noteLead(chunks) : null;
}

const tally = new Map<string, { n: number; hit: number; refused: number; wrong: number }>();
const rows: unknown[] = [];
try {
  for (const s of sets) {
    const { questions } = checkQuestionFile(s.queries, s.vault, s);
    // Each question is read knowing the vault's language, as the chat service reads it (inVaultLanguage).
    await inVaultLanguage(vaultLanguage, async () => {
      for (const x of questions) {
        // The question as the agent's tool reads it: in the vault's spelling (inTheVaultsSpelling).
        const typed = x.q;
        x.q = inTheVaultsSpelling(service.index.db, x.q);
        const { lacking, unknown: unknownToVault } = unmentioned(service.index.db, x.q);
        const unknown = unknownToVault();
        // The agent's search (k 10, no date filter), over every note or only `files`; cached under `key`.
        const search = async (key: string, files: string[]) => {
          if (!searches[key]) {
            searches[key] = await similaritySearch(service.index, service.embedder, {
              refined_query_for_vector_search: x.q,
              metadata_filters: {},
              filter_by_filenames: files,
              k: 10,
              threshold: service.embedder.calibration.threshold,
              dateAware: false,
            });
            dirty = true;
          }
          return searches[key]!;
        };
        const everywhere = await search(x.q, []);
        // Nothing passed the gate: the notes the question calls by name are searched on their own, as the agent does.
        const called =
          unknown.length || everywhere.length
            ? []
            : notesCalledByName(x.q, service.index.db.noteNames()).flatMap((n) => n.sources);
        const results = unknown.length ? [] : called.length ? await search(`called\u0000${x.q}`, called) : everywhere;
        const named = namedNotes(x.q, service.index.db.noteNames());
        const opening = openingFor(x.q, results);
        const r = opening
          ? { text: opening.text }
          : results.length
            ? (sectionListAnswer(x.q, results) ??
              (await selectAnswerSentences(x.q, results, [], embedder, 2, {
                unknownWords: lacking,
                namedNotes: named,
              })))
            : { text: '', cited: [] };
        // Hub lines cite the note they describe too, as the agent's answers do (describedNote.ts).
        const described: SearchResult[] = [];
        const text = opening
          ? opening.text
          : citeDescribedNotes(r.text, results, described, (link) => linkedNoteChunk(service.index.db, link));
        const all = [...results, ...described];
        const cited = opening
          ? [...new Set(opening.results.map((o) => o.source))]
          : [...new Set(citedNumbers(text).flatMap((n) => all[n - 1]?.source ?? []))];
        const refused = r.text === '';
        const hit = !refused && cited.some((c) => x.rel.includes(c));
        const t = tally.get(s.name) ?? tally.set(s.name, { n: 0, hit: 0, refused: 0, wrong: 0 }).get(s.name)!;
        t.n++;
        t.hit += hit ? 1 : 0;
        t.refused += refused ? 1 : 0;
        t.wrong += !refused && !hit ? 1 : 0;
        const pool = quotePool(results).map((i) => results[i]!.source);
        const inPool = x.rel.length > 0 && pool.some((p) => x.rel.includes(p));
        const row: Record<string, unknown> = {
          set: s.name,
          q: typed,
          rel: x.rel,
          hit,
          refused,
          cited,
          text,
          inPool,
          // The question's words no note holds (unmentioned): what the synthesizer's lacked-word rule reads.
          lacking,
        };
        if (verbose) {
          const d = await describeCandidates(x.q, results, embedder, {}, named);
          row.keyWords = d.keyWords;
          row.candidates = d.candidates.map((c) => ({
            ...c,
            rel: x.rel.includes(results[c.n - 1]!.source),
            sim: Number(((c.similarity - d.gate) / (1 - d.gate)).toFixed(3)),
          }));
        }
        rows.push(row);
        if (show) {
          const tag = hit ? 'HIT ' : refused ? (x.rel.length ? 'REF ' : 'ok  ') : x.rel.length ? 'WRNG' : 'ANS!';
          console.log(
            `${tag} ${inPool ? 'P' : '-'} [${s.name}] ${x.q}\n      ${r.text.slice(0, 160)}  ${cited.join(',')}`,
          );
        }
      }
    });
  }
} finally {
  if (dirty) {
    writeFileSync(embFile, JSON.stringify(emb));
    writeFileSync(searchFile, JSON.stringify(searches));
  }
  service.close();
}
for (const [set, t] of tally)
  console.log(`${set}: hit ${t.hit}/${t.n} refused ${t.refused}/${t.n} wrong ${t.wrong}/${t.n}`);
if (option('--out') !== undefined) writeFileSync(option('--out')!, JSON.stringify(rows, null, 1));
