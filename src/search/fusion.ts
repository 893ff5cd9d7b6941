/**
 * How hybrid search merges its two ranked lists into one score per candidate chunk. Pure functions over the
 * candidates' dense (cosine) and sparse (BM25, higher is better) scores, so every method can be measured on the
 * same retrieved lists (bench/fusionEval.ts) and the shipped one is chosen by number (docs/retrieval-quality.md).
 *
 * - `max`: the original convex mix of cosine and BM25 divided by the query's best BM25 score. The two sides are on
 *   different scales (cosines of one model crowd into 0.1-0.3, BM25/max spreads over 0..1), so a fixed weight
 *   over-trusts whichever side spreads less: the weaker one, often.
 * - `zscore`: each side standardised over all candidates (mean 0, standard deviation 1; a chunk a side did not
 *   retrieve scores 0 there), then mixed.
 * - `rank`: each side's rank turned into 1 - (rank-1)/depth, then mixed.
 * - `rrf`: reciprocal-rank fusion, sum of weight / (k + rank).
 *
 * `adaptive: 'gap'` moves the weight per query towards the side whose best hit stands out of its own list (the
 * z-score of its top score): a side that cannot tell its best hit from the tenth has little to say about this query.
 * `adaptive: 'gap12'` does the same with the gap between a side's best and second score.
 * `adaptive: 'agreement'` moves the weight towards equal shares as the two lists' top notes agree, and towards the
 * base weight when they do not.
 *
 * Two rank-level rules on top (both shipped, docs/retrieval-quality.md): `bothBonus` lifts a chunk both sides rank
 * in their top ten; `guard` ("no side left behind") keeps each side's best note, when it stands out of that side's
 * next note, within the fused top N.
 */

export type FusionMethod = 'max' | 'zscore' | 'rank' | 'rrf';
export type FusionAdaptive = 'none' | 'gap' | 'gap12' | 'agreement' | 'gapAgree' | 'agreeGap';

export interface FusionOptions {
  method: FusionMethod;
  /** Base share of the dense side, 0..1. */
  denseWeight: number;
  adaptive: FusionAdaptive;
  /** RRF's rank offset (60 in the original paper). */
  rrfK: number;
  /**
   * "No side left behind": each side's best `guardDepth` hits are kept within this fused rank (0: off). A Recall@5
   * loss of fusion is a question one side had answered near the top and the mix pushed out of the top five.
   */
  guard?: number;
  /** How many of each side's best hits the guard keeps (default 1). */
  guardDepth?: number;
  /**
   * A side's best note is kept only when it stands out of the side's next note by this many standard deviations of
   * the side's scores (0: always). Near-identical notes (tldr's one page per platform) do not stand out of each other.
   */
  guardGap?: number;
  /**
   * Scale each side's guard gap by its share of the query's weight (gap x 0.5 / share): a side the calibration
   * trusts less must stand out more before its best note overrules the mix.
   */
  guardByShare?: boolean;
  /**
   * Added, in standard deviations, to a candidate both sides rank in their top ten (a CombMNZ-style agreement bonus;
   * 0: off). Only for `zscore`, whose scores are in standard deviations.
   */
  bothBonus?: number;
  /** The both-sides bonus applies to a chunk within this rank on both sides (default 10). */
  bothBonusDepth?: number;
  /**
   * Scale the both-sides bonus by how evenly the query's weight is shared (2 x the smaller share): when one side
   * carries most of the weight, the other side's top ten is mostly what that side got wrong, and agreeing with it
   * is weaker evidence.
   */
  bothBonusBalance?: boolean;
  /** How many top notes of each list the agreement measure compares (default 5). */
  agreeDepth?: number;
  /**
   * Standardise each side over the candidates' notes (each note's best chunk) instead of over chunks: a long note
   * with many matching chunks then does not widen the spread that its own best chunk is measured against.
   */
  noteStats?: boolean;
  /**
   * Measured, not shipped (docs/retrieval-quality.md, "Re-checked later the same day"): score each note as well as each
   * chunk. A note's head chunk (its best fused chunk) is lifted this share of the way to the mix of the note's best
   * dense chunk and its best sparse chunk (0: off). A note whose best passage for the meaning is not its best passage
   * for the words has both sides' evidence but no single chunk that holds both.
   */
  noteFusion?: number;
  /** Measured, not shipped: z-scores below this count as this, so a side's weak match cannot sink a chunk further. */
  zFloor?: number;
}

export interface FusionCandidate {
  source: string;
  dense_score: number | null;
  sparse_score: number | null;
}

/** How many top hits of a list its statistics (and the agreement measure) look at. */
const TOP = 10;

interface SideStats {
  /** Candidate index → 1-based rank within the side's list (absent: not retrieved by that side). */
  rank: Map<number, number>;
  mean: number;
  std: number;
  /** z-score of the side's best score among the candidates' top ten: how much the best stands out. */
  topZ: number;
  /** The side's best score minus its second, in standard deviations over all candidates. */
  gap12: number;
  /** Candidate indices of the side's best hits, best first (at most TOP). */
  best: number[];
  depth: number;
}

function sideStats(scores: (number | null)[], sources?: string[]): SideStats {
  const order = scores
    .map((s, i) => ({ s, i }))
    .filter((x): x is { s: number; i: number } => x.s !== null)
    .sort((a, b) => b.s - a.s);
  const rank = new Map(order.map((x, r) => [x.i, r + 1]));
  // Statistics over every candidate, a side's misses scoring 0 (no query word at all, for BM25): a side that found
  // one chunk, an exact name, then stands far out instead of having no spread to standardise by.
  const values = (sources ? noteBest(scores, sources) : scores.map((s) => s ?? 0)).sort((a, b) => b - a);
  const n = values.length;
  const mean = n ? values.reduce((a, b) => a + b, 0) / n : 0;
  const std = n > 1 ? Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / n) : 0;
  const top = values.slice(0, TOP);
  const topMean = top.length ? top.reduce((a, b) => a + b, 0) / top.length : 0;
  const topStd = top.length > 1 ? Math.sqrt(top.reduce((a, b) => a + (b - topMean) ** 2, 0) / top.length) : 0;
  return {
    rank,
    mean,
    std,
    topZ: order.length === 0 ? 0 : topStd > 1e-9 ? (values[0]! - topMean) / topStd : 0,
    gap12: order.length === 0 || std <= 1e-9 ? 0 : (values[0]! - (values[1] ?? 0)) / std,
    best: order.slice(0, TOP).map((x) => x.i),
    depth: order.length,
  };
}

/** Each note's best score (a side's misses at 0). */
function noteBest(scores: (number | null)[], sources: string[]): number[] {
  const best = new Map<string, number>();
  scores.forEach((s, i) => best.set(sources[i]!, Math.max(best.get(sources[i]!) ?? -Infinity, s ?? 0)));
  return [...best.values()];
}

/** Share of the dense side's top notes that the sparse side's top notes also hold (0..1). */
function agreement(cands: FusionCandidate[], dense: SideStats, sparse: SideStats, depth = 5): number {
  const topNotes = (s: SideStats) =>
    new Set(
      [...s.rank.entries()]
        .sort((a, b) => a[1] - b[1])
        .map(([i]) => cands[i]!.source)
        .filter((src, j, all) => all.indexOf(src) === j)
        .slice(0, depth),
    );
  const d = topNotes(dense);
  const s = topNotes(sparse);
  if (d.size === 0 || s.size === 0) return 0;
  let both = 0;
  for (const x of d) if (s.has(x)) both++;
  return both / Math.min(d.size, s.size);
}

/** The dense share for this query (see the module comment). */
export function queryDenseWeight(
  opts: FusionOptions,
  cands: FusionCandidate[],
  dense = sideStats(cands.map((c) => c.dense_score)),
  sparse = sideStats(cands.map((c) => c.sparse_score)),
): number {
  if (sparse.depth === 0) return 1;
  const w = opts.denseWeight;
  const gapWeight = (kind: 'gap' | 'gap12') => {
    const standsOut = (side: SideStats) => Math.max(kind === 'gap' ? side.topZ : side.gap12, 0);
    const d = standsOut(dense) * w;
    const s = standsOut(sparse) * (1 - w);
    return d + s > 0 ? d / (d + s) : w;
  };
  switch (opts.adaptive) {
    case 'gap':
    case 'gap12':
      return gapWeight(opts.adaptive);
    case 'agreement':
      return w + (0.5 - w) * agreement(cands, dense, sparse, opts.agreeDepth);
    case 'gapAgree': {
      // Where the lists agree the weight hardly matters; where they disagree, follow the side that is sure.
      const a = agreement(cands, dense, sparse, opts.agreeDepth);
      return a * w + (1 - a) * gapWeight('gap');
    }
    case 'agreeGap': {
      // Where the lists disagree, keep the model's calibrated share; only agreeing lists let the gap move it.
      const a = agreement(cands, dense, sparse, opts.agreeDepth);
      return a * gapWeight('gap') + (1 - a) * w;
    }
    default:
      return w;
  }
}

/** One fused score per candidate, in the order given. Higher is better. */
export function fuseScores(cands: FusionCandidate[], opts: FusionOptions): number[] {
  const sources = opts.noteStats ? cands.map((c) => c.source) : undefined;
  const dense = sideStats(
    cands.map((c) => c.dense_score),
    sources,
  );
  const sparse = sideStats(
    cands.map((c) => c.sparse_score),
    sources,
  );
  const w = queryDenseWeight(opts, cands, dense, sparse);
  const bestSparse = opts.method === 'max' ? Math.max(sparseMax(cands), 1e-9) : 1;
  const norm = (side: SideStats, score: number | null, i: number): number => {
    switch (opts.method) {
      case 'max':
        // Cosine is used as it is; BM25 divided by the query's best score (its top hit is 1).
        return side === dense ? (score ?? 0) : (score ?? 0) / bestSparse;
      case 'zscore':
        return side.std > 1e-9 ? Math.max(((score ?? 0) - side.mean) / side.std, opts.zFloor ?? -Infinity) : 0;
      case 'rank': {
        const r = side.rank.get(i);
        return r === undefined ? 0 : 1 - (r - 1) / Math.max(side.depth, 1);
      }
      case 'rrf': {
        const r = side.rank.get(i);
        return r === undefined ? 0 : 1 / (opts.rrfK + r);
      }
    }
  };
  const fused = cands.map((c, i) => w * norm(dense, c.dense_score, i) + (1 - w) * norm(sparse, c.sparse_score, i));
  if (opts.bothBonus && opts.method === 'zscore') {
    const depth = opts.bothBonusDepth ?? TOP;
    const bonus = opts.bothBonus * (opts.bothBonusBalance ? 2 * Math.min(w, 1 - w) : 1);
    fused.forEach((_, i) => {
      if ((dense.rank.get(i) ?? Infinity) <= depth && (sparse.rank.get(i) ?? Infinity) <= depth) fused[i]! += bonus;
    });
  }
  if (opts.noteFusion)
    liftNotesByTheirBestChunks(
      cands,
      fused,
      (k, score, i) => norm(k === 0 ? dense : sparse, score, i),
      w,
      opts.noteFusion,
    );
  if (opts.guard && sparse.depth > 0) {
    const gap = opts.guardGap ?? 0;
    const gaps = opts.guardByShare
      ? [(gap * 0.5) / Math.max(w, 1e-3), (gap * 0.5) / Math.max(1 - w, 1e-3)]
      : [gap, gap];
    keepBestOfEachSide(cands, fused, [dense, sparse], opts.guard, opts.guardDepth ?? 1, gaps);
  }
  return fused;
}

/** See FusionOptions.noteFusion. `norm(side, score, i)`: side 0 dense, 1 sparse, as fuseScores normalises it. */
function liftNotesByTheirBestChunks(
  cands: FusionCandidate[],
  fused: number[],
  norm: (side: 0 | 1, score: number | null, i: number) => number,
  w: number,
  share: number,
): void {
  const notes = new Map<string, { head: number; dense: number; sparse: number }>();
  cands.forEach((c, i) => {
    const d = norm(0, c.dense_score, i);
    const s = norm(1, c.sparse_score, i);
    const n = notes.get(c.source);
    if (!n) notes.set(c.source, { head: i, dense: d, sparse: s });
    else {
      if (fused[i]! > fused[n.head]!) n.head = i;
      n.dense = Math.max(n.dense, d);
      n.sparse = Math.max(n.sparse, s);
    }
  });
  for (const n of notes.values()) {
    const mix = w * n.dense + (1 - w) * n.sparse;
    if (mix > fused[n.head]!) fused[n.head] = fused[n.head]! + share * (mix - fused[n.head]!);
  }
}

/**
 * Lifts each side's best `depth` notes into the fused top `within` notes (the ranking judged is the per-note one): a
 * kept note's best chunk goes just above the best note left outside the top, in the order dense 1st, sparse 1st,
 * dense 2nd…; the rest of the top is the fused order's best. A note already inside the top keeps its place and score.
 */
function keepBestOfEachSide(
  cands: FusionCandidate[],
  fused: number[],
  sides: SideStats[],
  within: number,
  depth: number,
  gaps: number[],
): void {
  // Each note's best fused chunk stands for it.
  const head = new Map<string, number>();
  fused.forEach((f, i) => {
    const h = head.get(cands[i]!.source);
    if (h === undefined || f > fused[h]!) head.set(cands[i]!.source, i);
  });
  // Each side's best notes, best first, with the side's score of their best chunk.
  const sideNotes = sides.map((side, k) => {
    const gap = gaps[k]!;
    const seen = new Map<string, number>();
    for (const i of side.best) {
      const c = cands[i]!;
      if (!seen.has(c.source)) seen.set(c.source, (k === 0 ? c.dense_score : c.sparse_score) ?? 0);
    }
    return { side, gap, notes: [...seen] };
  });
  const keep: string[] = [];
  for (let d = 0; d < depth; d++)
    for (const { side, gap, notes } of sideNotes) {
      const n = notes[d];
      if (n === undefined || keep.includes(n[0])) continue;
      const next = notes[d + 1]?.[1] ?? side.mean;
      if (gap > 0 && (side.std <= 1e-9 || (n[1] - next) / side.std < gap)) continue;
      keep.push(n[0]);
    }
  keep.splice(within);
  const inTop = new Set(keep);
  let quota = within - keep.length;
  for (const n of [...head.keys()].sort((a, b) => fused[head.get(b)!]! - fused[head.get(a)!]!)) {
    if (quota <= 0) break;
    if (!inTop.has(n)) {
      inTop.add(n);
      quota--;
    }
  }
  let floor = -Infinity;
  for (const [n, i] of head) if (!inTop.has(n) && fused[i]! > floor) floor = fused[i]!;
  if (floor === -Infinity) return;
  keep.forEach((n, k) => {
    const i = head.get(n)!;
    if (fused[i]! <= floor) fused[i] = floor + 1e-9 * (keep.length - k);
  });
}

/**
 * The note both sides rank first (each side's best chunk is of that note), or undefined when their first notes differ
 * or a side found nothing. Two independent rankers agreeing on the first note is the strongest evidence fusion ever
 * gets: a mix that puts another note above it follows neither side.
 */
export function agreedBestNote(cands: FusionCandidate[]): string | undefined {
  const best = (score: (c: FusionCandidate) => number | null) => {
    let top: FusionCandidate | undefined;
    for (const c of cands) {
      const s = score(c);
      if (s !== null && (top === undefined || s > score(top)!)) top = c;
    }
    return top?.source;
  };
  const dense = best((c) => c.dense_score);
  return dense !== undefined && dense === best((c) => c.sparse_score) ? dense : undefined;
}

function sparseMax(cands: FusionCandidate[]): number {
  let m = 0;
  for (const c of cands) if (c.sparse_score !== null && c.sparse_score > m) m = c.sparse_score;
  return m;
}
