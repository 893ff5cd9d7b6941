import { describe, expect, it } from 'vitest';
import {
  agreedBestNote,
  fuseScores,
  queryDenseWeight,
  type FusionCandidate,
  type FusionOptions,
} from '../../src/search/fusion.js';
import { denseWeightFor, SHIPPED_FUSION } from '../../src/search/similaritySearch.js';

const zgap = (denseWeight: number): FusionOptions => ({ method: 'zscore', adaptive: 'gap', denseWeight, rrfK: 60 });
const cand = (source: string, dense: number, sparse: number | null): FusionCandidate => ({
  source,
  dense_score: dense,
  sparse_score: sparse,
});
/** Twenty dense hits with flat cosines around 0.5, and whatever BM25 found. */
const flatDense = (sparse: Record<string, number>) =>
  Array.from({ length: 20 }, (_, i) => cand(`n${i}.md`, 0.5 - i * 0.002, sparse[`n${i}.md`] ?? null));
const top = (cands: FusionCandidate[], opts: FusionOptions) => {
  const s = fuseScores(cands, opts);
  return cands[s.indexOf(Math.max(...s))]!.source;
};

/** a.md: chunk 1 best for the meaning, chunk 2 best for the words; b.md: one chunk second on both sides. */
const splitNote = () => [
  cand('a.md', 0.9, 1),
  cand('a.md', 0.6, 10),
  cand('b.md', 0.85, 9),
  ...Array.from({ length: 10 }, (_, i) => cand(`n${i}.md`, 0.5, null)),
];

describe('fusion', () => {
  it('z-scores: a lone exact BM25 hit (an alias, a rare name) stands out and lifts its chunk over dense rank 1', () => {
    // Statistics over every candidate, BM25's misses at 0: with statistics over BM25's own list a single hit had
    // no spread, scored 0, and the dense order stood ("PHM" in search.test.ts lost its note).
    const cands = flatDense({ 'n5.md': 3.2 });
    expect(top(cands, zgap(0.8))).toBe('n5.md');
    expect(top(cands, { ...zgap(0.8), method: 'zscore', adaptive: 'none' })).toBe('n5.md');
  });

  it('gap weight: leans to the side whose best hit stands out of its own list', () => {
    const bm25Flat = flatDense(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`n${i}.md`, 5 - i * 0.01])));
    const standout = [cand('a.md', 0.9, 1), ...bm25Flat.slice(1)];
    expect(queryDenseWeight(zgap(0.5), standout)).toBeGreaterThan(0.5);
    const sparseStandout = flatDense({ 'n3.md': 9, 'n4.md': 1, 'n5.md': 0.9 });
    expect(queryDenseWeight(zgap(0.5), sparseStandout)).toBeLessThan(0.5);
    // No BM25 hit at all: dense decides alone.
    expect(queryDenseWeight(zgap(0.5), flatDense({}))).toBe(1);
  });

  it('reciprocal-rank fusion and rank scores use ranks only; every method returns one score per candidate', () => {
    const cands = [cand('a.md', 0.9, null), cand('b.md', 0.8, 10), cand('c.md', 0.1, 20)];
    const rrf = fuseScores(cands, { method: 'rrf', adaptive: 'none', denseWeight: 0.5, rrfK: 60 });
    // b: dense rank 2, sparse rank 2; a: dense rank 1 only; c: dense 3, sparse 1.
    expect(rrf[1]).toBeCloseTo(0.5 / 62 + 0.5 / 62);
    expect(rrf[0]).toBeCloseTo(0.5 / 61);
    for (const method of ['max', 'zscore', 'rank', 'rrf'] as const)
      expect(fuseScores(cands, { method, adaptive: 'none', denseWeight: 0.5, rrfK: 60 })).toHaveLength(3);
  });

  describe('no side left behind (guard)', () => {
    // Six notes both sides like moderately, then each side's own best: 'd.md' (dense only, just above the six on
    // cosine) and 'b.md' (BM25 only, just above them on BM25). The z-score mix ranks the six first.
    const cands = [
      ...Array.from({ length: 6 }, (_, i) => cand(`x${i + 1}.md`, 0.6 - i * 0.01, 5)),
      cand('d.md', 0.61, null),
      cand('b.md', 0.1, 6),
      ...Array.from({ length: 20 }, (_, i) => cand(`f${i}.md`, 0.3, 1)),
    ];
    const ranking = (guard: number, guardDepth = 1) => {
      const s = fuseScores(cands, { ...zgap(0.5), adaptive: 'none', guard, guardDepth });
      return cands
        .map((c, i) => ({ source: c.source, s: s[i]! }))
        .sort((a, b) => b.s - a.s)
        .map((c) => c.source);
    };

    it("without it, fusion pushes both sides' best notes out of the top five", () => {
      expect(ranking(0).slice(0, 5)).not.toContain('d.md');
      expect(ranking(0).slice(0, 5)).not.toContain('b.md');
    });

    it("keeps each side' best note within the fused top N, both at once, and moves nothing else", () => {
      for (const within of [2, 3, 5]) {
        const r = ranking(within);
        expect(r.slice(0, within)).toEqual(expect.arrayContaining(['d.md', 'b.md']));
        // The rest keeps the fused order: the kept notes only displace the fused top's last places.
        const rest = r.filter((n) => n !== 'd.md' && n !== 'b.md');
        expect(rest).toEqual(ranking(0).filter((n) => n !== 'd.md' && n !== 'b.md'));
      }
      // Dense's best first when both are lifted (it was lifted first, just above the same floor).
      expect(ranking(5).slice(3, 5)).toEqual(['d.md', 'b.md']);
    });

    it('with a gap, a side whose best note does not stand out of its next one (a sibling page) is not followed', () => {
      const siblings = [...cands, cand('b2.md', 0.1, 5.99)];
      const top5 = (guardGap: number) => {
        const s = fuseScores(siblings, { ...zgap(0.5), adaptive: 'none', guard: 5, guardGap });
        return siblings
          .map((c, i) => ({ source: c.source, s: s[i]! }))
          .sort((a, b) => b.s - a.s)
          .slice(0, 5)
          .map((c) => c.source);
      };
      expect(top5(0)).toContain('b.md');
      expect(top5(0.5)).not.toContain('b.md');
    });

    it('by share: a side holding less of the weight must stand out more before its best note overrules the mix', () => {
      // b.md stands out of BM25's next notes by 0.55 sd. Plain, a gap of 0.3 keeps it at any weight; scaled by the
      // side's share (0.3 x 0.5 / share) it needs 0.5 sd at dense 0.7 and 0.75 sd at dense 0.8 (BM25 holding 0.2).
      const fused = (denseWeight: number, guardByShare: boolean) =>
        fuseScores(cands, { ...zgap(denseWeight), adaptive: 'none', guard: 5, guardGap: 0.3, guardByShare });
      const top5 = (denseWeight: number, guardByShare: boolean) => {
        const s = fused(denseWeight, guardByShare);
        return cands
          .map((c, i) => ({ source: c.source, s: s[i]! }))
          .sort((a, b) => b.s - a.s)
          .slice(0, 5)
          .map((c) => c.source);
      };
      expect(top5(0.8, false)).toContain('b.md');
      expect(top5(0.8, true)).not.toContain('b.md');
      expect(top5(0.7, true)).toContain('b.md');
      // At equal shares the scaled gap is the gap itself.
      expect(fused(0.5, true)).toEqual(fused(0.5, false));
    });

    it('a note already inside the top keeps its place and score', () => {
      const base = fuseScores(cands, { ...zgap(0.5), adaptive: 'none' });
      const guarded = fuseScores(cands, { ...zgap(0.5), adaptive: 'none', guard: 5 });
      expect(guarded[0]).toBe(base[0]); // x1.md: the fused best
      // Chunks of one note count once: a note's second chunk does not take a place in the top.
      const twoChunks = [cand('x1.md', 0.595, 4.95), ...cands];
      const s = fuseScores(twoChunks, { ...zgap(0.5), adaptive: 'none', guard: 3 });
      const notes = [
        ...new Set(
          twoChunks
            .map((c, i) => ({ n: c.source, s: s[i]! }))
            .sort((a, b) => b.s - a.s)
            .map((c) => c.n),
        ),
      ];
      expect(notes.slice(0, 3)).toEqual(expect.arrayContaining(['d.md', 'b.md']));
    });
  });

  it('both-sides bonus: a chunk both lists rank in their top ten gains half a standard deviation, no other', () => {
    const cands = flatDense({ 'n2.md': 3, 'n15.md': 4 }); // n2: dense rank 3 and BM25 rank 2; n15: BM25 only (dense rank 16)
    const opts = { ...zgap(0.5), adaptive: 'none' as const };
    const without = fuseScores(cands, opts);
    const withBonus = fuseScores(cands, { ...opts, bothBonus: 0.5 });
    cands.forEach((c, i) =>
      expect(withBonus[i]! - without[i]!, c.source).toBeCloseTo(c.source === 'n2.md' ? 0.5 : 0, 9),
    );
    // Only z-scores are in standard deviations: other methods ignore it.
    expect(fuseScores(cands, { ...opts, method: 'rrf', bothBonus: 0.5 })).toEqual(
      fuseScores(cands, { ...opts, method: 'rrf' }),
    );
  });

  it('note fusion (measured, not shipped): a note with its best meaning and best words in two chunks gets both', () => {
    const cands = splitNote();
    const opts = { ...zgap(0.5), adaptive: 'none' as const };
    expect(top(cands, opts)).toBe('b.md');
    expect(top(cands, { ...opts, noteFusion: 1 })).toBe('a.md');
    // Only a note's head chunk moves, and never down.
    const before = fuseScores(cands, opts);
    const after = fuseScores(cands, { ...opts, noteFusion: 1 });
    expect(after.filter((x, i) => x !== before[i]!)).toHaveLength(1);
    after.forEach((x, i) => expect(x).toBeGreaterThanOrEqual(before[i]!));
  });

  it('agreed best note: the note both sides rank first, which the shipped mix alone can put second', () => {
    // a.md is first on both sides, through two different chunks; b.md's one chunk is second on both and wins the mix.
    // similaritySearch puts the agreed note first again (SearchInput.agreedFirst).
    const cands = splitNote();
    expect(top(cands, { ...SHIPPED_FUSION, denseWeight: 0.5 })).toBe('b.md');
    expect(agreedBestNote(cands)).toBe('a.md');
    // Different first notes, or a side that found nothing: no agreement.
    expect(agreedBestNote([cand('a.md', 0.9, 1), cand('b.md', 0.8, 10)])).toBeUndefined();
    expect(agreedBestNote([cand('a.md', 0.9, null), cand('b.md', 0.8, null)])).toBeUndefined();
    expect(agreedBestNote([])).toBeUndefined();
  });

  it('z floor (measured, not shipped): a weak BM25 match no longer sinks a chunk below the floor', () => {
    const cands = [cand('a.md', 0.9, 0.1), ...Array.from({ length: 12 }, (_, i) => cand(`n${i}.md`, 0.5, 5 + i))];
    const opts = { ...zgap(0.5), adaptive: 'none' as const };
    expect(fuseScores(cands, opts)[0]!).toBeLessThan(fuseScores(cands, { ...opts, zFloor: 0 })[0]!);
  });
});

describe('denseWeightFor: which queries get the Japanese and Chinese weight', () => {
  const e5 = { calibration: { threshold: 0.83, denseWeight: 0.6, denseWeightCjk: 0.4, denseWeightCjkSentences: 0.6 } };
  it('Japanese and Chinese questions lean on BM25 (their words are cut by a dictionary, BM25 is the stronger side)', () => {
    expect(denseWeightFor('同期するファイルの種類やフォルダを選びたい', e5)).toBe(0.4);
    expect(denseWeightFor('笔记里插入的PDF能不能直接定位到第3页', e5)).toBe(0.4);
  });
  it('Japanese and Chinese questions scored by sentence too lean on the dense side, which is then the stronger', () => {
    expect(denseWeightFor('同期するファイルの種類やフォルダを選びたい', e5, true)).toBe(0.6);
    expect(denseWeightFor('笔记里插入的PDF能不能直接定位到第3页', e5, true)).toBe(0.6);
    // A model without a weight of its own for that case keeps its Japanese and Chinese one.
    const old = { calibration: { threshold: 0.83, denseWeight: 0.6, denseWeightCjk: 0.4 } };
    expect(denseWeightFor('同期するファイルの種類やフォルダを選びたい', old, true)).toBe(0.4);
  });
  it('Korean questions keep the base weight: spaced words with particles attached make BM25 the weaker side', () => {
    expect(denseWeightFor('자주 쓰는 검색어 저장해두기', e5)).toBe(0.6);
    expect(denseWeightFor('원격 보관소 용량이 얼마야?', e5)).toBe(0.6);
  });
  it('Latin-script questions and models without a CJK weight get the base weight', () => {
    expect(denseWeightFor('guardar una búsqueda que repito a menudo', e5)).toBe(0.6);
    expect(denseWeightFor('同期するファイル', { calibration: { threshold: 0.22, denseWeight: 0.825 } })).toBe(0.825);
  });
});
