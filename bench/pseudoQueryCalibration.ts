/**
 * Per-vault calibration of hybrid search's dense weight from pseudo-queries the vault itself provides (issue 24 part
 * 2): MEASURED, NOT SHIPPED (docs/retrieval-quality.md, "Per-vault calibration": the weight the pseudo-queries choose
 * does not move with the weight real questions want). Kept so bench/calibrationEval.ts can repeat the measurement.
 *
 * One weight per embedder cannot fit every vault: where BM25 is weak (tldr: one near-identical page per platform)
 * hybrid should lean dense; where it is decisive it should lean sparse. Pseudo-queries: a sentence from a sampled
 * chunk of each note with the note's title words taken out, cut to question length ('sentence'); the same with
 * the sentence's rarest third of words masked as well ('masked'); or a section heading without the title's words
 * ('heading'). Both retrievers run once per pseudo-query; the shipped fusion is applied at each shift of the model's
 * weight, and the shift with the best MRR@10 (by a margin over no shift) is chosen.
 */
import type { Embedder } from '../src/models/embedder.js';
import type { Index } from '../src/store/openIndex.js';
import { wordDocumentCounts } from '../src/store/sparse.js';
import { fuseScores } from '../src/search/fusion.js';
import { clampWeight, denseWeightFor, gatherCandidates, SHIPPED_FUSION } from '../src/search/similaritySearch.js';

/** Shifts of the model's dense weight tried, the bounded range around the shipped weight. */
export const CALIBRATION_SHIFTS = [-0.2, -0.1, 0, 0.1, 0.2];
/** Which pseudo-queries calibration makes (see pseudoQueries). */
export const CALIBRATION_KIND: PseudoQueryKind = 'masked';
/** How many pseudo-queries a calibration runs (one per sampled note). */
export const CALIBRATION_QUERIES = 80;
/** Fewer usable pseudo-queries than this and the model's weight is kept: too few to tell shifts apart. */
const MIN_QUERIES = 20;
/** A shift must beat no shift by this much MRR@10 on the pseudo-queries to be taken (noise margin). */
export const CALIBRATION_MARGIN = 0.01;
/** Candidate depth per side, as search uses for k ≤ 5. */
const DEPTH = 50;

export interface CalibrationResult {
  modelId: string;
  /** The shift of the model's dense weight the pseudo-queries choose. */
  shift: number;
  chunks: number;
  queries: number;
  /** Pseudo-query MRR@10 per shift tried. */
  mrr: Record<string, number>;
  ms: number;
}

export type PseudoQueryKind = 'sentence' | 'heading' | 'masked';

export interface PseudoQuery {
  query: string;
  source: string;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}]+/gu;

/** Markdown to plain sentences' text: code, link targets, markup and frontmatter go. */
function plainText(md: string): string {
  return md
    .replace(/^---\n[\s\S]*?\n---\n?/, ' ')
    .replace(/```[\s\S]*?```/g, '\n')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/!?\[\[(?:[^\]|]*\|)?([^\]]*)\]\]/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/^\s*#.*$/gm, '\n')
    .replace(/^\s*(?:>|[-*+]|\d+\.)\s*/gm, '')
    .replace(/[*_~=|{}[\]]/g, ' ');
}

/** A stable small hash, so the same note always gives the same pseudo-query. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The sentence with the note's title words removed (a word sharing a title word's first five letters counts). */
function withoutTitleWords(sentence: string, title: string): string {
  const titleWords = (title.toLowerCase().match(WORD) ?? []).filter((w) => w.length >= 2);
  if (CJK.test(sentence)) {
    let s = sentence;
    for (const w of titleWords) s = s.split(w).join(' ');
    return s.replace(/\s+/g, ' ').trim();
  }
  const stem = (w: string) => w.slice(0, 5);
  const banned = new Set(titleWords.map(stem));
  return (sentence.match(WORD) ?? []).filter((w) => !banned.has(stem(w.toLowerCase()))).join(' ');
}

/** At most this many words (Latin script) or characters (CJK): the length of a typed question. */
const MAX_WORDS = 12;
const MAX_CJK_CHARS = 40;

function cut(s: string): string {
  if (CJK.test(s)) return [...s].slice(0, MAX_CJK_CHARS).join('');
  return s.split(' ').slice(0, MAX_WORDS).join(' ');
}

function longEnough(s: string): boolean {
  if (CJK.test(s)) return [...s.replace(/\s/g, '')].length >= 12;
  return (s.match(WORD) ?? []).length >= 5;
}

/** Share of a pseudo-query's words, the rarest in the vault, that 'masked' takes out. */
export const MASK_SHARE = 0.34;

/**
 * The sentence's words without its rarest third: the words only this note (and its near copies) holds are what let
 * BM25 find a copied sentence trivially; a typed question rarely has them, it says the same thing in common words.
 */
function maskRarest(sentence: string, docs: Map<string, number>): string | undefined {
  const ws = [...docs.keys()];
  if (ws.length < 4) return undefined;
  const drop = new Set(
    [...ws].sort((a, b) => docs.get(a)! - docs.get(b)!).slice(0, Math.max(1, Math.round(ws.length * MASK_SHARE))),
  );
  const kept = ws.filter((w) => !drop.has(w));
  return cut(CJK.test(sentence) ? kept.join('') : kept.join(' '));
}

/** One pseudo-query per sampled chunk (none when the chunk has no usable sentence or heading). */
export function pseudoQueries(
  samples: { source: string; title: string; header_path: string; page_content: string }[],
  kind: PseudoQueryKind = 'sentence',
  /** For 'masked': how many chunks hold each of a text's words (src/store/sparse.ts, wordDocumentCounts). */
  wordDocs?: (text: string) => Map<string, number>,
): PseudoQuery[] {
  const out: PseudoQuery[] = [];
  for (const s of samples) {
    if (kind === 'heading') {
      const heading = s.header_path.split(' › ').pop() ?? '';
      const q = withoutTitleWords(heading, s.title);
      if ((q.match(WORD) ?? []).length >= 2 && heading.trim() !== s.title.trim())
        out.push({ query: q, source: s.source });
      continue;
    }
    const sentences = plainText(s.page_content)
      .split(/(?<=[.!?。！？])\s*|\n+/)
      .map((x) => withoutTitleWords(x.trim(), s.title))
      .filter(longEnough);
    if (sentences.length === 0) continue;
    const sentence = sentences[hash(s.source) % sentences.length]!;
    if (kind === 'masked' && wordDocs) {
      const q = maskRarest(sentence, wordDocs(sentence));
      if (q) out.push({ query: q, source: s.source });
      continue;
    }
    out.push({ query: cut(sentence), source: s.source });
  }
  return out;
}

/** The fused note ranking of one query's candidates at one dense weight: each note's best chunk stands for it. */
function rankNotes(cands: Awaited<ReturnType<typeof gatherCandidates>>['candidates'], weight: number): string[] {
  const fused = fuseScores(cands, { ...SHIPPED_FUSION, denseWeight: weight });
  const best = new Map<string, number>();
  cands.forEach((c, i) => {
    if (!(fused[i]! <= (best.get(c.source) ?? -Infinity))) best.set(c.source, fused[i]!);
  });
  return [...best.entries()].sort((a, b) => b[1] - a[1]).map(([s]) => s);
}

/** Measures the vault's pseudo-queries at every shift and returns the one they choose. */
export async function calibrateFusion(
  index: Index,
  embedder: Embedder,
  opts: { queries?: number; shifts?: number[]; kind?: PseudoQueryKind; margin?: number } = {},
): Promise<CalibrationResult & { perQuery: { query: string; source: string; rr: number[] }[] }> {
  const started = performance.now();
  const shifts = opts.shifts ?? CALIBRATION_SHIFTS;
  const n = opts.queries ?? CALIBRATION_QUERIES;
  const chunks = index.db.countsByStatus().chunks;
  // Twice the sample: some chunks have no usable sentence (code only, a table).
  const pqs = pseudoQueries(index.db.calibrationSample(n * 2), opts.kind ?? CALIBRATION_KIND, (t) =>
    wordDocumentCounts(index.db, t),
  ).slice(0, n);
  const perQuery: { query: string; source: string; rr: number[] }[] = [];
  if (pqs.length >= MIN_QUERIES) {
    const vectors = await embedder.embed(
      pqs.map((p) => p.query),
      { kind: 'query' },
    );
    for (let q = 0; q < pqs.length; q++) {
      const { query, source } = pqs[q]!;
      const { candidates } = await gatherCandidates(index, query, vectors[q]!, 'hybrid', DEPTH);
      const base = denseWeightFor(query, embedder);
      const rr = shifts.map((shift) => {
        const r = rankNotes(candidates, clampWeight(base + shift))
          .slice(0, 10)
          .indexOf(source);
        return r < 0 ? 0 : 1 / (r + 1);
      });
      perQuery.push({ query, source, rr });
    }
  }
  const mrr = shifts.map((_, k) =>
    perQuery.length ? perQuery.reduce((a, p) => a + p.rr[k]!, 0) / perQuery.length : 0,
  );
  const zero = shifts.indexOf(0);
  const margin = opts.margin ?? CALIBRATION_MARGIN;
  let chosen = zero >= 0 ? zero : 0;
  if (perQuery.length >= MIN_QUERIES)
    shifts.forEach((shift, k) => {
      const better = mrr[k]! > mrr[chosen]! + (chosen === zero ? margin : 0);
      const tieCloser = Math.abs(mrr[k]! - mrr[chosen]!) < 1e-9 && Math.abs(shift) < Math.abs(shifts[chosen]!);
      if (better || tieCloser) chosen = k;
    });
  return {
    modelId: embedder.modelId,
    shift: perQuery.length >= MIN_QUERIES ? shifts[chosen]! : 0,
    chunks,
    queries: perQuery.length,
    mrr: Object.fromEntries(shifts.map((s, k) => [s.toFixed(2), Number(mrr[k]!.toFixed(4))])),
    ms: Math.round(performance.now() - started),
    perQuery,
  };
}
