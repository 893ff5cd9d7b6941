import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FAST_EMBEDDING_MODEL, runCli, tempDir, writeNotes } from '../helpers/fixtures.js';

/**
 * `npm run eval` over a question-set manifest: every set (or those picked by --set/--part), each vault indexed once
 * under --data-root, one table per set titled with its part, and the fusion-target summary. A small vault and the
 * small bundled embedder: this tests the harness, not ranking quality (retrievalQuality.test.ts does that).
 */
describe('obsiquery eval over a manifest of question sets', () => {
  const tmp = tempDir('obq-eval-cli-');
  const home = path.join(tmp.dir, 'home');
  const dataRoot = path.join(tmp.dir, 'indexes');
  const manifest = path.join(tmp.dir, 'sets.json');
  const env = { OBSIQUERY_EMBEDDING_MODEL: FAST_EMBEDDING_MODEL };
  const eval_ = (...args: string[]) =>
    runCli(['eval', '--manifest', manifest, '--data-root', dataRoot, ...args], { home, env });

  beforeAll(() => {
    const vault = path.join(tmp.dir, 'vault');
    writeNotes(vault, {
      'Garden/Tomatoes.md': '# Tomatoes\nSow tomato seeds indoors in March and plant them out after the last frost.\n',
      'Kitchen/Bread.md': '# Bread\nA sourdough loaf needs a ripe starter, flour, water and salt, and a hot oven.\n',
      'Travel/Lisbon.md': '# Lisbon\nThe trip to Lisbon: trams, pastéis de nata and the Alfama district.\n',
    });
    const q = (name: string, lines: object[]) => {
      writeFileSync(path.join(tmp.dir, name), lines.map((l) => JSON.stringify(l)).join('\n'));
      return path.join(tmp.dir, name);
    };
    const set = (name: string, file: string, part: string, extra = {}) => ({
      name,
      queries: file,
      vault,
      language: 'en',
      part,
      ...extra,
    });
    writeFileSync(
      manifest,
      JSON.stringify({
        sets: [
          set('garden-tune', q('tune.jsonl', [{ q: 'when do I sow tomatoes', rel: ['Garden/Tomatoes.md'] }]), 'tune'),
          set(
            'kitchen-test',
            q('test.jsonl', [
              { q: 'how to bake sourdough', rel: ['Kitchen/Bread.md'] },
              { q: 'trams in Portugal', rel: ['Travel/Lisbon.md'] },
            ]),
            'test',
          ),
          set('offtopic-test', q('off.jsonl', [{ q: 'what is the capital of Peru', rel: [] }]), 'test', {
            offTopic: true,
          }),
        ],
      }),
    );
  });
  afterAll(() => tmp.cleanup());

  it('runs every set, indexing the vault once, and prints one table per set with its part and the target', async () => {
    const r = await eval_();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('### garden-tune: 1 questions, tuning part');
    expect(r.stdout).toContain('### kitchen-test: 2 questions, test part');
    expect(r.stdout).toMatch(/\| dense \|[^\n]*\n\| BM25 \|[^\n]*\n\| hybrid \(shipped\) \|/);
    expect(r.stdout).toContain('Off-topic questions: 1');
    expect(r.stdout).toMatch(/### Fusion target[\s\S]*\| kitchen-test \| test \|/);
    // One index for the three sets over the one vault, named for the vault and the embedder.
    expect(readdirSync(dataRoot)).toEqual([`vault--${FAST_EMBEDDING_MODEL}`]);
    expect(r.stderr).toMatch(/3 files embedded now/);
  }, 300_000);

  it('reuses the index, and --part/--set pick sets; --json gives the numbers', async () => {
    const r = await eval_('--part', 'test', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/0 files embedded now/);
    const reports = JSON.parse(r.stdout) as {
      set: string;
      part: string;
      retrieval?: { hybrid: { recall_at_5: number; queries: number } };
      target?: { holds: boolean };
      off_topic?: { queries: number };
    }[];
    expect(reports.map((x) => [x.set, x.part])).toEqual([
      ['kitchen-test', 'test'],
      ['offtopic-test', 'test'],
    ]);
    expect(reports[0]!.retrieval!.hybrid.queries).toBe(2);
    expect(typeof reports[0]!.target!.holds).toBe('boolean');
    expect(reports[1]!.retrieval).toBeUndefined();
    expect(reports[1]!.off_topic!.queries).toBe(1);
    const one = await eval_('--set', 'garden-tune', '--json');
    expect((JSON.parse(one.stdout) as { set: string }[]).map((x) => x.set)).toEqual(['garden-tune']);
  }, 300_000);

  it("a user's own file of questions (--vault/--queries) may mix on-topic and off-topic ones, for search and answers", async () => {
    const vault = path.join(tmp.dir, 'vault');
    const mixed = path.join(tmp.dir, 'mine.jsonl');
    writeFileSync(
      mixed,
      [
        { q: 'when do I sow tomatoes', rel: ['Garden/Tomatoes.md'] },
        { q: 'how to bake sourdough', rel: ['Kitchen/Bread.md'] },
        { q: 'what is the capital of Peru', rel: [] },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const data = path.join(tmp.dir, 'own-index');
    const own = (...args: string[]) =>
      runCli(['eval', '--vault', vault, '--queries', mixed, '--data', data, ...args], { home, env });
    const search = await own('--json');
    expect(search.code, search.stderr).toBe(0);
    const result = JSON.parse(search.stdout) as Record<string, { queries: number }>;
    expect(Object.keys(result).sort()).toEqual(['dense', 'hybrid', 'off_topic', 'sparse']);
    expect(result.hybrid!.queries).toBe(2);
    expect(result.off_topic!.queries).toBe(1);
    const text = await own();
    expect(text.stdout).toContain('Off-topic questions: 1');
    expect(text.stdout).toMatch(/Hybrid against the better single system: Recall@5 [+-]\d/);
    // The agent on the same file: one set named for the file, both kinds of question scored.
    const answers = await own('--answers', '--json');
    expect(answers.code, answers.stderr).toBe(0);
    const report = JSON.parse(answers.stdout) as {
      sets: { set: string; part: string; questions: number; off_topic: number; leaks: number; found_rate: number }[];
      rows: { q: string; rel: string[]; refused: boolean; found: boolean }[];
    };
    expect(report.sets.map((x) => [x.set, x.part, x.questions, x.off_topic])).toEqual([['mine', 'test', 3, 1]]);
    expect(report.rows.map((r) => r.q)).toEqual([
      'when do I sow tomatoes',
      'how to bake sourdough',
      'what is the capital of Peru',
    ]);
    expect(report.sets[0]!.leaks).toBe(0);
    // Whether search showed a right note, apart from whether the answer cited it: each note holds its question's words.
    expect(report.rows.map((r) => r.found)).toEqual([true, true, false]);
    expect(report.sets[0]!.found_rate).toBe(1);
    expect((await own('--answers')).stdout).toMatch(/\| mine \| test \| 3 \| 1\.00 \| /);
    // A broken line is named, and nothing runs.
    writeFileSync(mixed, '{"q": "when do I sow tomatoes", "rel": ["Garden/Nope.md"]}');
    const bad = await own('--answers');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/mine\.jsonl:1: "Garden\/Nope\.md" does not exist/);
  }, 300_000);

  it('--answers over the sets measures the indexes under --data-root, as retrieval does', async () => {
    const root = path.join(tmp.dir, 'answer-indexes');
    const run = await runCli(
      ['eval', '--manifest', manifest, '--data-root', root, '--answers', '--set', 'garden-tune', '--json'],
      { home, env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { sets: { set: string }[] }).sets.map((x) => x.set)).toEqual(['garden-tune']);
    // One index folder per vault and embedder, named as retrieval names it.
    expect(readdirSync(root)).toEqual([`vault--${FAST_EMBEDDING_MODEL}`]);
  }, 300_000);

  it("a set's pinned day makes its date phrases filter every system, as the app searches them", async () => {
    const journal = path.join(tmp.dir, 'journal');
    writeNotes(journal, {
      'Daily/2026-03-09.md': '# 2026-03-09\nRepotted the basil and answered email.\n',
      'Daily/2026-03-10.md': '# 2026-03-10\nLong run by the river, then pasta with Ines.\n',
      // Undated (its date is its last change, today): it holds the question's words, and only a date filter
      // keeps it out of "what did I do yesterday".
      'Journal/Questions.md':
        '# What did I do yesterday?\nWhat did I do yesterday: the question I ask every evening.\n',
    });
    const questions = path.join(tmp.dir, 'journal.jsonl');
    writeFileSync(questions, JSON.stringify({ q: 'what did I do yesterday', rel: ['Daily/2026-03-10.md'] }));
    const pinned = path.join(tmp.dir, 'journal-sets.json');
    const set = (name: string, extra = {}) => ({
      name,
      queries: questions,
      vault: journal,
      language: 'en',
      part: 'test',
      ...extra,
    });
    writeFileSync(pinned, JSON.stringify({ sets: [set('pinned', { today: '2026-03-11' }), set('unpinned')] }));
    const r = await runCli(
      ['eval', '--manifest', pinned, '--data-root', path.join(tmp.dir, 'journal-indexes'), '--json'],
      { home, env },
    );
    expect(r.code, r.stderr).toBe(0);
    type Ranked = { recall_at_1: number };
    const [withDay, withoutDay] = JSON.parse(r.stdout) as {
      set: string;
      retrieval: { dense: Ranked; sparse: Ranked; hybrid: Ranked };
    }[];
    expect(withDay!.set).toBe('pinned');
    // BM25 has no word left to rank the day's note by ("what did I do" are stop words), as in the app.
    for (const mode of ['dense', 'hybrid'] as const) {
      expect(withDay!.retrieval[mode].recall_at_1, mode).toBe(1);
      // Without a day the phrase is words: the note that repeats them comes first.
      expect(withoutDay!.retrieval[mode].recall_at_1, mode).toBe(0);
    }
  }, 300_000);

  it('says what is wrong with a bad set name, a lone --queries, or a broken manifest (exit 2)', async () => {
    const bad = await eval_('--set', 'nope');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('No question set named "nope"');
    const lone = await runCli(['eval', '--queries', manifest], { home, env });
    expect(lone.code).toBe(2);
    expect(lone.stderr).toContain('--vault and --queries go together');
    const broken = path.join(tmp.dir, 'broken.json');
    writeFileSync(broken, '{"sets": [{"name": "x"}]}');
    const r = await runCli(['eval', '--manifest', broken, '--data-root', dataRoot], { home, env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.json.*"queries" must be a non-empty string/s);
    expect(existsSync(path.join(dataRoot, 'x'))).toBe(false);
  }, 120_000);
});
