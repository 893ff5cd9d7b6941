import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/fixtures.js';
import { readQueries, scoreRanking } from '../../src/search/evaluate.js';

const log2 = Math.log2;

describe('scoreRanking (note-level Recall@1/@5, reciprocal rank, nDCG@10)', () => {
  it('the only relevant note first: everything is 1', () => {
    expect(scoreRanking(['a', 'b', 'c'], ['a'])).toEqual({ r1: 1, r5: 1, rr: 1, ndcg: 1 });
  });

  it('nothing relevant retrieved: everything is 0', () => {
    expect(scoreRanking(['x', 'y', 'z'], ['a'])).toEqual({ r1: 0, r5: 0, rr: 0, ndcg: 0 });
    expect(scoreRanking([], ['a'])).toEqual({ r1: 0, r5: 0, rr: 0, ndcg: 0 });
  });

  it('two relevant notes at ranks 2 and 4', () => {
    const s = scoreRanking(['x', 'a', 'y', 'b', 'z'], ['a', 'b']);
    expect(s.r1).toBe(0);
    expect(s.r5).toBe(1);
    expect(s.rr).toBe(0.5);
    // DCG = 1/log2(3) + 1/log2(5) = 0.63093 + 0.43068; IDCG = 1 + 1/log2(3) = 1.63093.
    expect(s.ndcg).toBeCloseTo((1 / log2(3) + 1 / log2(5)) / (1 + 1 / log2(3)), 12);
    expect(s.ndcg).toBeCloseTo(0.650921, 5);
  });

  it('one of three relevant notes first: recall is a fraction of the relevant set', () => {
    const s = scoreRanking(['a', 'x', 'y', 'z', 'w', 'b'], ['a', 'b', 'c']);
    expect(s.r1).toBeCloseTo(1 / 3, 12);
    expect(s.r5).toBeCloseTo(1 / 3, 12);
    expect(s.rr).toBe(1);
    // DCG = 1 + 1/log2(7); IDCG = 1 + 1/log2(3) + 1/log2(4).
    expect(s.ndcg).toBeCloseTo((1 + 1 / log2(7)) / (1 + 1 / log2(3) + 0.5), 12);
    expect(s.ndcg).toBeCloseTo(0.636439, 5);
  });

  it('relevant at rank 6: outside Recall@5, inside MRR@10 and nDCG@10', () => {
    const s = scoreRanking(['1', '2', '3', '4', '5', 'a'], ['a']);
    expect(s).toMatchObject({ r1: 0, r5: 0 });
    expect(s.rr).toBeCloseTo(1 / 6, 12);
    expect(s.ndcg).toBeCloseTo(1 / log2(7), 12);
    expect(s.ndcg).toBeCloseTo(0.356207, 5);
  });

  it('rank 5 is inside Recall@5; rank 10 is the last one counted; rank 11 counts for nothing', () => {
    expect(scoreRanking(['1', '2', '3', '4', 'a'], ['a']).r5).toBe(1);
    const ten = scoreRanking(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'a'], ['a']);
    expect(ten.rr).toBeCloseTo(0.1, 12);
    expect(ten.ndcg).toBeCloseTo(1 / log2(11), 12);
    const eleven = scoreRanking(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'a'], ['a']);
    expect(eleven).toEqual({ r1: 0, r5: 0, rr: 0, ndcg: 0 });
  });

  it('IDCG is capped at 10 relevant notes', () => {
    const rel = Array.from({ length: 12 }, (_, i) => `r${i}`);
    const s = scoreRanking(rel.slice(0, 10), rel);
    expect(s.ndcg).toBeCloseTo(1, 12);
    expect(s.r5).toBeCloseTo(5 / 12, 12);
  });

  it('a relevant list with duplicates counts each note once', () => {
    expect(scoreRanking(['a'], ['a', 'a'])).toEqual({ r1: 1, r5: 1, rr: 1, ndcg: 1 });
  });

  it('a note listed twice in the ranking is found once: metrics never exceed 1', () => {
    const s = scoreRanking(['a', 'a', 'b'], ['a', 'b']);
    for (const v of Object.values(s)) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(s.r5).toBe(1);
  });

  it('a query with no relevant notes is refused rather than scored NaN (it would poison the averages)', () => {
    expect(() => scoreRanking(['a', 'b'], [])).toThrow(/at least one relevant note/);
  });

  it('a note listed twice counts once, at its best rank', () => {
    expect(scoreRanking(['a', 'a', 'b'], ['a', 'b']).r5).toBe(1);
  });
});

describe('readQueries', () => {
  const tmp = tempDir('obq-eval-');
  afterAll(() => tmp.cleanup());
  const file = (name: string, text: string) => {
    const f = path.join(tmp.dir, name);
    writeFileSync(f, text);
    return f;
  };

  it('reads JSONL, skipping blank lines', () => {
    const f = file('ok.jsonl', '{"q": "one", "rel": ["a.md"]}\n\n  \n{"q": "two", "rel": ["b.md", "c.md"]}\n');
    expect(readQueries(f)).toEqual([
      { q: 'one', rel: ['a.md'] },
      { q: 'two', rel: ['b.md', 'c.md'] },
    ]);
  });

  it('rejects a line without q or rel, naming the file', () => {
    const f = file('bad.jsonl', '{"q": "one", "rel": ["a.md"]}\n{"question": "two"}\n');
    expect(() => readQueries(f)).toThrow(`${f}:2: "q" must be a non-empty string`);
  });

  it('reports the real line number when blank lines come before the bad one', () => {
    const f = file('bad-after-blank.jsonl', '{"q": "one", "rel": ["a.md"]}\n\n{"q": 2, "rel": []}\n');
    expect(() => readQueries(f)).toThrow(`${f}:3:`);
  });

  it('reads a file saved with a byte-order mark and CR LF lines, and refuses a question asked twice', () => {
    const f = file('windows.jsonl', '\uFEFF{"q": "one", "rel": ["a.md"]}\r\n{"q": "two", "rel": ["b.md"]}\r\n');
    expect(readQueries(f).map((x) => x.q)).toEqual(['one', 'two']);
    const twice = file('twice.jsonl', '{"q": "One?", "rel": ["a.md"]}\n{"q": "one", "rel": ["b.md"]}\n');
    expect(() => readQueries(twice)).toThrow(`${twice}:2: same question as line 1`);
  });

  it('reads the shipped sample-vault questions', async () => {
    const { repoRoot } = await import('../helpers/fixtures.js');
    const qs = readQueries(path.join(repoRoot, 'eval/sample-vault.jsonl'));
    expect(qs.length).toBeGreaterThanOrEqual(10);
    for (const q of qs) {
      expect(q.q.length).toBeGreaterThan(0);
      expect(q.rel.length).toBeGreaterThan(0);
    }
  });
});
