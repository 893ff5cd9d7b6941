import { cosine, type Embedder } from '../models/embedder.js';
import { EmbeddingEndpointError } from '../models/openaiEmbedder.js';
import type { Index } from '../store/openIndex.js';
import type { ChunkRecord } from '../store/indexDb.js';
import { isoDate, translateDates } from './dates.js';
import { mentionsPeriodAbout, mentionText, periodWords } from './periodMention.js';
import { timeTopicTerms } from './timeQuestion.js';
import {
  formatRange,
  judgeEmptyDateFilter,
  mayNamePeriodicNote,
  type DatedQuery,
  type EmptyDateVerdict,
  type NothingDated,
} from './emptyDateFilter.js';
import { buildWhere } from '../store/whereClause.js';
import { metadataFiltersSchema, type MetadataFilters } from '../shared/filters.js';
import {
  inTheVaultsSpelling,
  notesHoldingKeyWords,
  notesWithPhrase,
  notesWithRareWords,
  sparseSearch,
} from '../store/sparse.js';
import { words } from '../text/segment.js';
import { agreedBestNote, fuseScores, type FusionOptions } from './fusion.js';
import { detectLanguage, isUnspaced } from '../text/language.js';
import { BadRequestError } from '../shared/errors.js';
import { definitionSubject } from '../text/definitionQuestion.js';

export type RetrievalMode = 'hybrid' | 'dense' | 'sparse';

export interface SearchInput {
  refined_query_for_vector_search: string;
  metadata_filters?: MetadataFilters;
  /** Only chunks of these notes (vault-relative paths): an IN filter on `source`. */
  filter_by_filenames?: string[];
  k?: number;
  /** Best chunk per note only (the UI's list) instead of several chunks per note (the agent's context). */
  perNote?: boolean;
  /**
   * Minimum dense relevance (cosine) below which nothing is returned: lets "not in your notes" happen.
   * Default: the embedding model's calibrated gate.
   */
  threshold?: number;
  /** Translate "last week", "2026-01-18"... into a date filter. Default true. */
  dateAware?: boolean;
  today?: Date;
  mode?: RetrievalMode;
  /** Dense weight in hybrid fusion, 0..1. Default: the embedding model's calibrated weight. */
  denseWeight?: number;
  /**
   * Added to the model's calibrated dense weight (per script), kept within 0.1..0.95 (ignored when `denseWeight`
   * is given); default 0. For measuring weights around the calibrated ones (bench/calibrationEval.ts).
   */
  denseWeightShift?: number;
  /**
   * Hybrid only: a candidate note linked from one of the strongest hits gains this fraction of that hit's
   * score. 0 turns the link boost off. Default LINK_BOOST.
   */
  linkBoost?: number;
  /** Hybrid only: how the two lists are fused (src/search/fusion.ts). Default SHIPPED_FUSION, weight per model. */
  fusion?: Partial<FusionOptions>;
  /**
   * Hybrid only: the note both sides rank first stays first (agreedBestNote), whatever the mix and the link boost
   * say. Default true; false for measuring without it.
   */
  agreedFirst?: boolean;
  /** A query that is exactly a note's title or alias puts that note first. Default true. */
  titleBoost?: boolean;
  /**
   * Which notes may be shown: the link policy (src/pipeline/linkPolicy.ts), so every caller (the UI, the CLI,
   * the agent, MCP) drops the same files. Applied before the relevance gate and the top k, so a refused note
   * neither opens the gate nor takes a place. Default: every indexed note.
   */
  allowSource?: (source: string) => boolean;
  /**
   * Told when the results are degraded and the user should know why: an embedding endpoint that fails makes a
   * hybrid search fall back to BM25 alone (a dense-only search fails instead).
   */
  onNotice?: (notice: string) => void;
}

/** A ranked chunk: its stored text and metadata plus how each retriever scored it. */
export type SearchResult = Pick<
  ChunkRecord,
  | 'chunk_id'
  | 'page_content'
  | 'source'
  | 'title'
  | 'folder'
  | 'section_title'
  | 'header_path'
  | 'chunk_index'
  | 'total_chunks'
  | 'start_line'
  | 'end_line'
  | 'tags'
  | 'note_date'
  | 'mtime'
> & {
  score: number;
  /**
   * The hit's own dense score is below the relevance gate: it came along because a better hit cleared the
   * gate (or BM25 found it). Lists show these only on request; always false for scoped searches.
   */
  weak?: boolean;
  dense_score: number | null;
  sparse_score: number | null;
  rank: number;
};

export class SearchInputError extends BadRequestError {
  constructor(message: string) {
    super('request.searchInput', message);
    this.name = 'SearchInputError';
  }
}

/** The longest query search takes (src/shared/contract.ts writes the same 500 for the search request). */
export const MAX_QUERY_CHARS = 500;
/*
 * The relevance gate and the dense weight of the fused score are per embedding model (the manifest's `search`
 * calibration, per script for E5). Fusion (src/search/fusion.ts) standardises each side over its own list
 * (z-scores) and moves the weight per query towards the side whose best hit stands out: measured against the old
 * max-normalised mix, rank-based scores and reciprocal-rank fusion on the tuning parts of every set (bench/fusionEval.ts,
 * docs/retrieval-quality.md), it was the one method that never followed the weaker side in English, Japanese and
 * Spanish; the max-normalised mix fell 0.02-0.06 below BM25 alone in Japanese and Spanish.
 */
const TITLE_MATCH_BOOST = 0.5;
/** A query of at least this many words, written word for word in a note, names that note like its title does. */
const QUOTE_MIN_WORDS = 6;
/** Above every fused score (0..1) plus the title boost: a note holding a lookup's rare words comes first. */
const RARE_WORDS_BOOST = 1;
/**
 * The fusion hybrid search ships with (bench/fusionEval.ts, docs/retrieval-quality.md); weight per model. On top of
 * the z-score mix with the per-query gap weight:
 * - a chunk both sides rank in their top ten gains half a standard deviation (agreement of two independent
 *   rankers is evidence neither gives alone);
 * - the guard keeps each side's best note among the first five when it stands out of that side's next note by half
 *   a standard deviation: a Recall@5 loss of fusion is a question one side had answered on top, and near-identical
 *   notes (tldr's one page per platform) do not stand out, so a side that cannot tell them apart is not followed;
 * - that half standard deviation is for a side holding half the weight: a side holding less must stand out more
 *   (gap x 0.5 / share), so at MPNet's 0.825 BM25's best overrules the mix only when it stands out by 1.4 sd (on
 *   tldr, BM25's lone best hit for a paraphrased task is mostly a page sharing one common word).
 */
export const SHIPPED_FUSION: Omit<FusionOptions, 'denseWeight'> = {
  method: 'zscore',
  adaptive: 'gap',
  rrfK: 60,
  bothBonus: 0.5,
  guard: 5,
  guardGap: 0.5,
  guardByShare: true,
};
/*
 * Wikilink boost (docs/retrieval-quality.md): measured in one run on the dev set, a held-out set of 30
 * questions (eval/ohelp-heldout.jsonl) and the sample vault, it raised hybrid MRR@10 on both help-vault sets
 * (0.804 -> 0.849, 0.858 -> 0.887) and left the sample vault's unchanged.
 */
/** How many of the best-scoring notes lend a boost to the notes they link to. */
const LINK_SOURCES = 3;
/** A linked candidate gains this fraction of the linking note's score. */
export const LINK_BOOST = 0.1;
/** Only candidates scoring at least this share of the best score are lifted: the link breaks near-ties. */
const LINK_TIE_SHARE = 0.7;

/** Checks what a caller can get wrong, with messages that say what to change. */
export function validateSearchInput(input: SearchInput): SearchInput {
  const q = input.refined_query_for_vector_search;
  if (typeof q !== 'string' || q.trim().length === 0) throw new SearchInputError('The search query is empty.');
  if (q.length > MAX_QUERY_CHARS)
    throw new SearchInputError(`The search query is ${q.length} characters; the limit is ${MAX_QUERY_CHARS}.`);
  const parsed = metadataFiltersSchema.safeParse(input.metadata_filters ?? {});
  if (!parsed.success)
    throw new SearchInputError(`Invalid metadata filter: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  if (input.k !== undefined && (!Number.isInteger(input.k) || input.k < 1 || input.k > 100))
    throw new SearchInputError('k must be an integer from 1 to 100.');
  return input;
}

/**
 * Stage 6: hybrid retrieval. Dense (LanceDB) and sparse (FTS5 BM25) run with the same filters applied
 * before ranking, then a weighted fusion of their normalised scores merges them; a query that is exactly a
 * note's title or alias lifts that note to the top. Invalid input throws SearchInputError; any
 * other failure is logged and yields [] so the agent never crashes on a search.
 */
export async function similaritySearch(index: Index, embedder: Embedder, input: SearchInput): Promise<SearchResult[]> {
  return guarded(input, [], () => runSearch(index, embedder, input));
}

/** Validates `input` (SearchInputError), then runs the search; any other failure is logged and yields `failed`. */
async function guarded<T>(input: SearchInput, failed: T, search: () => Promise<T>): Promise<T> {
  validateSearchInput(input);
  try {
    return await search();
  } catch (err) {
    console.error(`[search] failed for "${input.refined_query_for_vector_search}": ${(err as Error).message}`);
    return failed;
  }
}

/**
 * A date phrase in the query ("last week", "today's daily note") becomes a date filter, searched as the agent
 * searches it (searchInPeriod): undated notes that name the time are shown too. When that filter finds nothing, the
 * vault decides what the phrase meant (emptyDateFilter.ts): in a vault that keeps dated notes no other day's notes are
 * shown, with a notice naming the nearest dated notes; where the phrase cannot be a filter (no note has a date of its
 * own, or it names a daily note Obsidian has not created yet) the query is searched without it, with a notice
 * saying why.
 */
async function runSearch(index: Index, embedder: Embedder, asked: SearchInput): Promise<SearchResult[]> {
  // Searched as the vault spells its words ("colour" where it writes "color"), by both sides of the search.
  const query = inTheVaultsSpelling(index.db, asked.refined_query_for_vector_search.trim());
  const input = { ...asked, refined_query_for_vector_search: query };
  const filters = input.metadata_filters ?? {};
  if (input.dateAware === false || filters.date_from || filters.date_to) return rankSearch(index, embedder, input);
  const today = input.today ?? new Date();
  const dq = translateDates(query, today);
  if (!dq.range) return rankSearch(index, embedder, input);
  const range = dq.range;
  const dated = { query, phrase: dq.matched ?? formatRange(range), range, today: isoDate(today) };
  const lang = detectLanguage(query).lang;
  const found = await searchInPeriod(
    index,
    embedder,
    { ...input, refined_query_for_vector_search: dq.query, metadata_filters: filters },
    dated,
    lang === 'und' ? 'en' : lang,
  );
  if (found.verdict?.kind === 'dropped') input.onNotice?.(found.verdict.notice);
  if (found.verdict?.kind === 'nothing-dated') input.onNotice?.(nothingDatedNotice(found.verdict.answer));
  return found.results;
}

/** What a search scoped to a time found (searchInPeriod). */
export interface PeriodSearch {
  /**
   * The notes dated in the range, with the undated chunks that name the time merged in by score; the search
   * without dates when the date cannot be a filter on this vault (verdict 'dropped'); [] when nothing is dated then
   * and no note names the time (verdict 'nothing-dated').
   */
  results: SearchResult[];
  /**
   * How the vault read the date filter (judgeEmptyDateFilter), judged when it found nothing or the phrase may name a
   * periodic note; null otherwise.
   */
  verdict: EmptyDateVerdict | null;
  /** How many of `results` are undated chunks that name the time. */
  mentioning: number;
}

/**
 * Search scoped to the time `dated` names, as the search box, the CLI, MCP and the agent all do it: the date filter
 * keeps notes dated in the range; an undated note that names the time is about it too ("October actual" in a budget
 * table answers "how much did I spend on groceries in October", and the filter keeps only October's day notes), so
 * the query is searched without the dates as well and such chunks join the results (periodMention.ts, month names
 * in English and in `language`). When the filter finds nothing, the vault decides what the phrase meant
 * (judgeEmptyDateFilter). `input.metadata_filters` are the other filters; the dates come from `dated.range`.
 * Failures are handled as similaritySearch handles them.
 */
export async function searchInPeriod(
  index: Index,
  embedder: Embedder,
  input: SearchInput,
  dated: DatedQuery,
  language: string,
): Promise<PeriodSearch> {
  return guarded(input, { results: [], verdict: null, mentioning: 0 }, async () => {
    const { date_from: _from, date_to: _to, ...undated } = input.metadata_filters ?? {};
    const { range } = dated;
    const results = await rankSearch(index, embedder, {
      ...input,
      metadata_filters: { ...undated, date_from: range.from, date_to: range.to },
    });
    const byMeaning = await rankSearch(index, embedder, { ...input, metadata_filters: undated });
    // A day or a month is looked up by its words too (periodWords): "What is on December 6?" is close in meaning to
    // no line, and "Goal: the city marathon on 6 December 2026" was never among the results. Those found only so come
    // after every chunk found by meaning, and only those that name the time are kept (below).
    const written = periodWords(range, language);
    const byWords = written
      ? await rankSearch(index, embedder, {
          ...input,
          refined_query_for_vector_search: written,
          metadata_filters: undated,
          mode: 'sparse',
          k: PERIOD_LOOKUP_K,
        })
      : [];
    const last = Math.min(0, ...byMeaning.map((r) => r.score));
    const withoutDates = [
      ...byMeaning,
      ...byWords.filter((r) => !byMeaning.some((x) => x.chunk_id === r.chunk_id)).map((r) => ({ ...r, score: last })),
    ];
    const shown = (r: SearchResult) =>
      results.some((x) => x.chunk_id === r.chunk_id || (input.perNote === true && x.source === r.source));
    // What of the time the question asks: "What is planned for December 6?" asks for whatever names the day.
    const about = timeTopicTerms(input.refined_query_for_vector_search, language);
    // Undated chunks that name the time: joined to the dated results below, or first when the date filter is dropped.
    const naming = withoutDates.filter(
      (r) => r.note_date === null && mentionsPeriodAbout(mentionText(r), range, about, language),
    );
    const mentioning = naming.filter((r) => !shown(r));
    let verdict: EmptyDateVerdict | null = null;
    if (results.length === 0 || mayNamePeriodicNote(dated)) {
      verdict = judgeEmptyDateFilter(dated, index.db.noteDatesAround(range));
      if (verdict.kind === 'dropped') {
        // The phrase says what the question is about ("下周四我有什么预约？", a day still to come): the notes that
        // name that day ("牙医：12月3日…") come first, the rest of the unfiltered search after them.
        const ranked = [...naming, ...byMeaning.filter((r) => !naming.includes(r))].map((r, i) => ({
          ...r,
          rank: i + 1,
        }));
        return { results: ranked, verdict, mentioning: naming.length };
      }
    }
    if (mentioning.length === 0) return { results, verdict, mentioning: 0 };
    const merged = [...results, ...mentioning].sort((a, b) => b.score - a.score).map((r, i) => ({ ...r, rank: i + 1 }));
    return { results: merged, verdict, mentioning: mentioning.length };
  });
}

/**
 * How many chunks the lexical lookup of a time's words reads (periodWords): enough for a vault's every mention of a
 * day; of a month, the ones BM25 ranks first.
 */
const PERIOD_LOOKUP_K = 20;

/** "No note is dated “yesterday” (2026-11-24); the nearest dated notes are from 2026-11-21, 2026-11-26." */
export function nothingDatedNotice({ phrase, range, nearest }: NothingDated): string {
  const when = `No note is dated “${phrase}” (${formatRange(range)})`;
  if (nearest.length === 0) return `${when}.`;
  return `${when}; the nearest dated ${nearest.length === 1 ? 'note is' : 'notes are'} from ${nearest.join(' and ')}.`;
}

async function rankSearch(index: Index, embedder: Embedder, input: SearchInput): Promise<SearchResult[]> {
  const k = input.k ?? 5;
  const mode = input.mode ?? 'hybrid';
  const threshold = input.threshold ?? embedder.calibration.threshold;
  const query = input.refined_query_for_vector_search.trim();
  const filters: MetadataFilters = input.metadata_filters ?? {};
  const where = buildWhere(filters, input.filter_by_filenames);
  // Over-fetch so per-note dedup and fusion have enough candidates from each side.
  const depth = Math.max(50, k * 10);

  let queryVector: Float32Array | null = null;
  if (mode !== 'sparse') {
    try {
      queryVector = (await embedder.embed([query], { kind: 'query' }))[0]!;
    } catch (err) {
      // An embedding endpoint that is down must not take search with it: keywords still find most notes.
      if (mode !== 'hybrid' || !(err instanceof EmbeddingEndpointError)) throw err;
      input.onNotice?.(`${err.message} Showing keyword (BM25) matches only.`);
      return rankSearch(index, embedder, { ...input, mode: 'sparse' });
    }
  }
  const sparseWhere = buildWhere(filters, input.filter_by_filenames, 'c.');
  const { candidates, sparseHits, sentenceScored } = await gatherCandidates(
    index,
    query,
    queryVector,
    mode,
    depth,
    where,
    sparseWhere,
  );
  let scoreScale = 1;
  if (mode === 'hybrid') {
    const fusion: FusionOptions = {
      ...SHIPPED_FUSION,
      denseWeight:
        input.denseWeight ??
        (input.denseWeightShift
          ? clampWeight(denseWeightFor(query, embedder, sentenceScored) + input.denseWeightShift)
          : denseWeightFor(query, embedder, sentenceScored)),
      ...input.fusion,
    };
    const fused = fuseScores(candidates, fusion);
    // Other methods than 'max' have no fixed scale (z-scores go negative): the boosts below work on shares of the
    // best score, so the fused scores are put on 0..1 first. Candidates that all score alike (one chunk, as a day's
    // note alone in a date-scoped search) are all the best: at 0 they ranked below every undated chunk that names the
    // day, whose scores come from another search (searchInPeriod merges the two by score).
    const lo = fusion.method === 'max' ? 0 : Math.min(...fused);
    const span = fusion.method === 'max' ? 1 : Math.max(...fused) - lo;
    candidates.forEach((c, i) => (c.fused = span > 0 ? (fused[i]! - lo) / span : 1));
    // That rescaling puts every query's best hit at 1, so a weak match would look as relevant as a perfect one
    // in the UI, the CLI and MCP. The scores a user sees are scaled by how good the best match is on the old,
    // absolute scale (dense cosine and BM25-of-best, mixed by the dense weight). Ranks and ratios are unchanged.
    if (fusion.method !== 'max') {
      const maxSparse = Math.max(...candidates.map((c) => c.sparse_score ?? 0), 1e-9);
      const w = fusion.denseWeight;
      scoreScale = Math.max(
        ...candidates.map((c) => w * Math.max(c.dense_score ?? 0, 0) + (1 - w) * ((c.sparse_score ?? 0) / maxSparse)),
        0,
      );
    }
  } else {
    // BM25 has no fixed scale: divided by the query's best hit it is 0..1 like cosine.
    const maxSparse = Math.max(...candidates.map((c) => c.sparse_score ?? 0), 1e-9);
    for (const c of candidates) c.fused = mode === 'dense' ? (c.dense_score ?? 0) : (c.sparse_score ?? 0) / maxSparse;
  }
  // Typing a note's exact title or alias means "that note": names are what embeddings handle worst. So does asking
  // what or who it is ("what is the home server migration": a day note that mentions the migration came first). So
  // does a query of several words that a note writes word for word (a sentence pasted to find where it was written:
  // BM25 cannot see word order, and a note holding near-identical sentences, or a longer chunk, outranked it).
  const lexical = mode !== 'dense' && input.titleBoost !== false;
  const subject = definitionSubject(query);
  const named = new Set(
    lexical
      ? [
          ...index.db.notesNamed(query),
          ...(subject === null ? [] : index.db.notesNamed(subject)),
          ...(words(query).length >= QUOTE_MIN_WORDS ? notesWithPhrase(index.db, [query]) : []),
        ]
      : [],
  );
  for (const c of candidates) if (named.has(c.source)) c.fused += TITLE_MATCH_BOOST;
  // A query made only of words the vault holds in a few chunks (an order number, a serial, a surname) is a lookup of
  // those words: the notes holding them all come first, since the embedding of "KQ7731" is near no note's and a
  // near-looking code in another note ("ZX-88123-Q") outscored the note that holds it.
  const holders = new Set(lexical ? notesWithRareWords(index.db, query) : []);
  for (const c of candidates) if (holders.has(c.source)) c.fused += RARE_WORDS_BOOST;
  for (const source of holders) named.add(source);
  // The notes lifted above every mix so far; key-word holders (below) pass the gate but are not lifted.
  const boosted = new Set(named);
  // A question whose key words a few chunks hold together names those notes as well (notesHoldingKeyWords): they pass
  // the calibrated relevance gate below (a threshold the user chose is a cosine gate, and stays one), and are not
  // lifted (a boost for them cost MRR@10 on the tuning parts: dev-ohelp-en 0.868 → 0.843 at the rare words' boost,
  // ohelp-es-tune 0.890 → 0.885 at a fifth of it).
  // The auto gate is the embedder's calibrated one; a threshold the user chose is a cosine gate and is applied as one.
  const auto = threshold === embedder.calibration.threshold;
  if (lexical && auto) for (const source of notesHoldingKeyWords(index.db, query)) named.add(source);
  if (mode === 'hybrid') {
    boostLinkedNotes(index, candidates, input.linkBoost ?? LINK_BOOST);
    // The note both sides put first goes first, unless a typed name or a lookup's rare words named another note
    // (those are lifted above every mix). The mix, or the link boost after it, had put another note above it:
    // "公開したサイトを自分のドメインで表示させたい" has カスタムドメイン first on both sides, second fused, under a
    // note whose one chunk was second on both. Chosen on the tuning parts (docs/retrieval-quality.md).
    const agreed = input.agreedFirst === false || boosted.size > 0 ? undefined : agreedBestNote(candidates);
    if (agreed) putNoteFirst(candidates, agreed);
  }
  let ranked = candidates.sort((a, b) => b.fused - a.fused);
  if (input.allowSource) {
    const allow = input.allowSource;
    const verdicts = new Map<string, boolean>();
    const allowed = (source: string) => verdicts.get(source) ?? verdicts.set(source, allow(source)).get(source)!;
    ranked = ranked.filter((c) => allowed(c.source));
  }
  // The user scoped the search (dates, files, folder, tags): within that scope, show what there is even
  // when the leftover words ("what did I do") carry little meaning of their own.
  const scoped = Boolean(where) || named.size > 0;
  const gated = mode !== 'sparse' && !scoped;
  if (gated) {
    // Relevance gate on the calibrated side: if even the best dense match is weak, the notes don't cover it.
    const best = Math.max(...ranked.map((c) => c.dense_score ?? 0), 0);
    if (best < threshold) return [];
    // A model without a measured gate (an endpoint's) answers only when the notes share a word with the query
    // (only under the auto gate).
    if (embedder.calibration.requireKeywordMatch && auto && sparseHits === 0) return [];
    ranked = ranked.filter((c) => c.dense_score === null || c.dense_score >= threshold * 0.5 || named.has(c.source));
  }
  if (input.perNote) {
    const seen = new Set<string>();
    ranked = ranked.filter((c) => !seen.has(c.source) && seen.add(c.source));
  }
  return ranked.slice(0, k).map(({ fused, ...c }, i) => ({
    ...c,
    score: fused * scoreScale,
    weak: gated && !named.has(c.source) && (c.dense_score ?? 0) < threshold,
    rank: i + 1,
  }));
}

/** A retrieved chunk before fusion: its stored text and metadata and each side's score (null: not scored there). */
export type Candidate = Omit<SearchResult, 'weak'> & { fused: number };

/**
 * Both retrievers' hits for one query, merged by chunk: the dense top `depth` (cosine) and the BM25 top `depth`
 * (higher is better). In hybrid mode a keyword hit outside the dense list gets its real cosine too. Shared by search
 * and by the fusion calibration bench (bench/pseudoQueryCalibration.ts), so it fuses exactly what search fuses.
 */
export async function gatherCandidates(
  index: Index,
  query: string,
  queryVector: Float32Array | null,
  mode: RetrievalMode,
  depth: number,
  where?: string,
  sparseWhere?: string,
): Promise<{ candidates: Candidate[]; sparseHits: number; sentenceScored: boolean }> {
  const dense = queryVector ? await index.vectors.search(queryVector, depth, where) : [];
  const sparse = mode === 'dense' ? [] : sparseSearch(index.db, query, depth, sparseWhere);

  const byId = new Map<string, Candidate>();
  const take = (row: Omit<SearchResult, 'score' | 'weak' | 'dense_score' | 'sparse_score' | 'rank'>): Candidate => {
    let c = byId.get(row.chunk_id);
    if (!c) {
      c = {
        chunk_id: row.chunk_id,
        page_content: row.page_content,
        source: row.source,
        title: row.title,
        folder: row.folder,
        section_title: row.section_title,
        header_path: row.header_path,
        chunk_index: row.chunk_index,
        total_chunks: row.total_chunks,
        start_line: row.start_line,
        end_line: row.end_line,
        tags: row.tags,
        note_date: row.note_date ?? null,
        mtime: Number(row.mtime),
        score: 0,
        dense_score: null,
        sparse_score: null,
        rank: 0,
        fused: 0,
      };
      byId.set(row.chunk_id, c);
    }
    return c;
  };
  for (const hit of dense) take(hit).dense_score = 1 - hit._distance;
  // FTS5's bm25() is lower-is-better; flip it so higher is better everywhere.
  for (const hit of sparse) take(hit).sparse_score = -hit.bm25;

  if (queryVector && mode === 'hybrid') {
    // A keyword hit outside the dense top list still deserves its real semantic score, not zero: otherwise
    // fusion can only ever promote what dense search already found.
    const missing = [...byId.values()].filter((c) => c.dense_score === null).map((c) => c.chunk_id);
    const vectors = await index.vectors.vectorsOf(missing);
    for (const [id, v] of vectors) byId.get(id)!.dense_score = cosine(queryVector, v);
  }
  const sentenceScored = queryVector !== null && isUnspaced(query) && scoreBySentence(index, queryVector, byId);
  return { candidates: [...byId.values()], sparseHits: sparse.length, sentenceScored };
}

/**
 * A Japanese or Chinese query's candidates with sentence vectors (Japanese and Chinese chunks, indexed since
 * migration 6) take as dense score the mean of their chunk's cosine and their best sentence's: the sentence that
 * answers is found even where the rest of the chunk is about something else (README, "Sentence vectors"). The mean
 * keeps the cosine scale the relevance gate is set on. Returns whether any candidate had sentence vectors.
 */
function scoreBySentence(index: Index, q: Float32Array, byId: Map<string, Candidate>): boolean {
  const sentences = index.db.sentenceVectorsOf([...byId.keys()], q.length);
  for (const [id, vectors] of sentences) {
    const c = byId.get(id)!;
    if (c.dense_score === null || vectors.length === 0) continue;
    c.dense_score = (c.dense_score + Math.max(...vectors.map((v) => cosine(q, v)))) / 2;
  }
  return sentences.size > 0;
}

/** A shifted dense weight stays inside these bounds: neither side of the fusion is ever dropped. */
export function clampWeight(w: number): number {
  return Math.min(0.95, Math.max(0.1, w));
}

/**
 * The model's calibrated dense weight for this query: Japanese and Chinese queries may have their own (manifest),
 * and another where their candidates were scored by sentence too (`sentenceScored`). Korean keeps the base weight:
 * it is spaced, ICU splits it only at spaces, so BM25 sees a word with its particle ("노트를", "노트에서") as a word of
 * its own and is the weaker side there (on the Korean tuning part E5's base weight gave hybrid MRR@10 0.932 against
 * 0.909 with the Japanese and Chinese one; docs/languages.md, "Korean").
 */
export function denseWeightFor(query: string, embedder: Pick<Embedder, 'calibration'>, sentenceScored = false): number {
  const { denseWeight, denseWeightCjk, denseWeightCjkSentences } = embedder.calibration;
  if (denseWeightCjk === undefined || !isUnspaced(query)) return denseWeight;
  return sentenceScored ? (denseWeightCjkSentences ?? denseWeightCjk) : denseWeightCjk;
}

/** Lifts the best chunk of `source` just above every other candidate (see SearchInput.agreedFirst). */
function putNoteFirst(candidates: { source: string; fused: number }[], source: string): void {
  let head: { fused: number } | undefined;
  let top = -Infinity;
  for (const c of candidates) {
    if (c.source === source && (head === undefined || c.fused > head.fused)) head = c;
    if (c.source !== source) top = Math.max(top, c.fused);
  }
  if (head && head.fused <= top) head.fused = top + 1e-6;
}

/**
 * A note that the best hits link to is often the one that explains them (a how-to linking its concept
 * note), so a linked candidate gains a fraction of the linking hit's score. The link only breaks near-ties:
 * it lifts candidates already scoring within LINK_TIE_SHARE of the best, never a note that barely matched
 * (which is how hub notes linking to dozens of others would otherwise crowd the top).
 */
function boostLinkedNotes(
  index: Index,
  candidates: { chunk_id: string; source: string; fused: number }[],
  boost: number,
): void {
  if (boost <= 0 || candidates.length === 0) return;
  // Each note's best chunk stands for the note.
  const best = new Map<string, { chunk_id: string; fused: number }>();
  for (const c of candidates) if (!(c.fused <= (best.get(c.source)?.fused ?? -Infinity))) best.set(c.source, c);
  const hubs = [...best.values()].sort((a, b) => b.fused - a.fused).slice(0, LINK_SOURCES);
  const lift = new Map<string, number>();
  for (const [source, targets] of index.db.linkedNotes(hubs.map((h) => h.chunk_id))) {
    const hubScore = best.get(source)!.fused;
    for (const t of targets) lift.set(t, Math.max(lift.get(t) ?? 0, boost * hubScore));
  }
  const floor = LINK_TIE_SHARE * hubs[0]!.fused;
  for (const c of candidates) if (c.fused >= floor) c.fused += lift.get(c.source) ?? 0;
}
