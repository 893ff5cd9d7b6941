import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { copyVault, repoRoot, runCli, sampleVault, tempDir, type CliResult } from '../helpers/fixtures.js';

interface HitJson {
  source: string;
  section_title: string;
  header_path: string;
  start_line: number;
  score: number;
  dense_score: number | null;
  sparse_score: number | null;
  page_content: string;
}

interface MetricsJson {
  recall_at_1: number;
  recall_at_5: number;
  mrr_at_10: number;
  ndcg_at_10: number;
  queries: number;
}

function describeRun(r: CliResult): string {
  return `exit ${r.code}, signal ${r.signal}\n--- stdout ---\n${r.stdout.slice(0, 3000)}\n--- stderr ---\n${r.stderr.slice(0, 3000)}`;
}

function json<T>(r: CliResult): T {
  expect(r.code, describeRun(r)).toBe(0);
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON: ${describeRun(r)}`);
  }
}

/** `obsiquery search` and `obsiquery eval` as a user runs them: a real child process on a synced sample vault. */
describe('CLI search and eval on the sample vault', () => {
  let tmp: ReturnType<typeof tempDir>;
  let home: string;
  let dataDir: string;
  let vault: string;
  // The query goes first: `--file <name...>` is variadic and would swallow a query written after it.
  const search = (query: string, ...flags: string[]) =>
    runCli(['search', query, '--data', dataDir, ...flags], { home });

  beforeAll(async () => {
    tmp = tempDir('obq-search-cli-');
    home = path.join(tmp.dir, 'home');
    dataDir = path.join(tmp.dir, 'data');
    vault = copyVault(sampleVault, tmp.dir);
    const r = await runCli(['sync', '--vault', vault, '--data', dataDir, '--json'], { home });
    expect(r.code, describeRun(r)).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ failed: 0 });
  });
  afterAll(() => tmp?.cleanup());

  /** Notes whose tags include `tag` or a tag nested under it, straight from the index (independent of buildWhere). */
  function notesTagged(tag: string): Set<string> {
    const db = new Database(path.join(dataDir, 'obq.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare('select distinct source, tags from obq_chunks').all() as {
        source: string;
        tags: string;
      }[];
      return new Set(
        rows
          .filter((r) =>
            r.tags
              .split(',')
              .filter(Boolean)
              .some((t) => t === tag || t.startsWith(`${tag}/`)),
          )
          .map((r) => r.source),
      );
    } finally {
      db.close();
    }
  }

  it('--json --k 3 --folder Projects: a JSON array of at most 3 hits, all from Projects/, with their fields', async () => {
    const r = await runCli(
      [
        'search',
        '--data',
        dataDir,
        '--json',
        '--k',
        '3',
        '--folder',
        'Projects',
        'Which Arduino pin drives the relay for the garden pump?',
      ],
      { home },
    );
    const hits = json<HitJson[]>(r);
    expect(Array.isArray(hits)).toBe(true);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(3);
    expect(hits[0]!.source).toBe('Projects/Garden Irrigation.md');
    for (const h of hits) {
      expect(h.source.startsWith('Projects/'), h.source).toBe(true);
      expect(h).toEqual(
        expect.objectContaining({
          source: expect.any(String),
          section_title: expect.any(String),
          header_path: expect.any(String),
          start_line: expect.any(Number),
          score: expect.any(Number),
          page_content: expect.any(String),
        }),
      );
      expect(h.page_content.length).toBeGreaterThan(0);
      expect(Number.isInteger(h.start_line) && h.start_line >= 0).toBe(true);
    }
    // One hit per note by default, best first.
    expect(new Set(hits.map((h) => h.source)).size).toBe(hits.length);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
  });

  it('--tag project keeps only notes tagged #project or below (#project/garden, #project/homelab...)', async () => {
    const allowed = notesTagged('project');
    expect(allowed.size).toBeGreaterThan(3);
    const hits = json<HitJson[]>(await search('garden irrigation pump', '--json', '--k', '10', '--tag', '#project'));
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(allowed.has(h.source), h.source).toBe(true);
    // Unfiltered, Tom (who wired the pump) is among the hits; he has no project tag.
    expect(hits.map((h) => h.source)).not.toContain('People/Tom Becker.md');
  });

  it('--file restricts to the given notes; --chunks returns several chunks of one note', async () => {
    const hits = json<HitJson[]>(
      await search(
        'Lisbon flights, apartment and day trips',
        '--json',
        '--chunks',
        '--k',
        '5',
        '--file',
        'Projects/Lisbon Trip.md',
      ),
    );
    expect(hits.length).toBeGreaterThan(1);
    for (const h of hits) expect(h.source).toBe('Projects/Lisbon Trip.md');
    expect(new Set(hits.map((h) => `${h.start_line}`)).size).toBe(hits.length);
  });

  it('an unrelated question prints [] (JSON) or says nothing relevant was found, exit 0', async () => {
    const q = 'quantum chromodynamics gluon confinement lattice';
    expect(json<HitJson[]>(await search(q, '--json'))).toEqual([]);
    const text = await search(q);
    expect(text.code, describeRun(text)).toBe(0);
    expect(text.stdout).toContain('Nothing relevant found in your notes.');
  });

  // Said on stderr so --json keeps its array: the vault's model (English only) cannot read a Spanish query.
  it('a query in a language the vault’s model does not read is searched, with a notice saying so', async () => {
    const r = await search('¿Cuándo es mi próxima revisión dental?', '--json');
    expect(Array.isArray(json<HitJson[]>(r))).toBe(true);
    expect(r.stderr).toMatch(
      /notice: This vault is searched with \S+, which reads English only, and the question reads as Spanish/,
    );
    const english = await search('When is my next dental check-up?', '--json');
    expect(english.stderr).not.toMatch(/reads English only/);
  });

  it('human output: numbered hits with source, heading path, 1-based line and score', async () => {
    const r = await search('When is my next dental check-up?', '--k', '2');
    expect(r.code, describeRun(r)).toBe(0);
    expect(r.stdout).toMatch(/^1\. Areas\/Health\.md › .+ \(line \d+, score \d\.\d{4}\)$/m);
    expect(r.stdout).toMatch(/^2\. /m);
    expect(r.stdout).not.toMatch(/^3\. /m);
  });

  it('bad input (empty query, --k 0) fails with a clear message and the usage exit code 2', async () => {
    const empty = await search('', '--json');
    expect(empty.stderr).toMatch(/empty/i);
    expect(empty.stdout.trim()).toBe('');
    const badK = await search('garden', '--k', '0');
    expect(badK.stderr).toMatch(/k must be an integer from 1 to 100/);
    expect(empty.code, describeRun(empty)).toBe(2);
    expect(badK.code, describeRun(badK)).toBe(2);
  });

  it('eval --json prints Recall@1/@5, MRR@10 and nDCG@10 in [0,1] for dense, sparse and hybrid', async () => {
    const evalHome = path.join(tmp.dir, 'eval-home');
    const r = await runCli(
      ['eval', '--vault', vault, '--queries', path.join(repoRoot, 'eval/sample-vault.jsonl'), '--json'],
      { home: evalHome },
    );
    const result = json<Record<string, MetricsJson>>(r);
    expect(Object.keys(result).sort()).toEqual(['dense', 'hybrid', 'sparse']);
    for (const [mode, m] of Object.entries(result)) {
      expect(m.queries, mode).toBe(20);
      for (const key of ['recall_at_1', 'recall_at_5', 'mrr_at_10', 'ndcg_at_10'] as const) {
        expect(m[key], `${mode}.${key}`).toBeGreaterThanOrEqual(0);
        expect(m[key], `${mode}.${key}`).toBeLessThanOrEqual(1);
      }
      // Sanity floors far below what the bundled model achieves: a broken ranking falls through them.
      expect(m.recall_at_5, `${mode}.recall_at_5`).toBeGreaterThanOrEqual(0.5);
      expect(m.mrr_at_10, `${mode}.mrr_at_10`).toBeGreaterThanOrEqual(0.4);
    }
    console.log(`[eval] sample vault: ${JSON.stringify(result)}`);
  });
});
