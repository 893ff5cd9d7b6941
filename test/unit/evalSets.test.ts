import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/fixtures.js';
import {
  baseSetName,
  checkQuestionFile,
  normalizeQuestion,
  readSetManifest,
  sharedQuestions,
  type EvalSetEntry,
  type SetQuestion,
} from '../../src/search/evalSets.js';

const repo = path.resolve(__dirname, '../..');
const manifestFile = path.join(repo, 'eval/sets.json');

describe('checkQuestionFile catches broken question sets', () => {
  const tmp = tempDir('obq-evalsets-');
  afterAll(() => tmp.cleanup());
  const vault = path.join(tmp.dir, 'vault');
  mkdirSync(path.join(vault, 'Sub'), { recursive: true });
  writeFileSync(path.join(vault, 'A.md'), '# A\n');
  writeFileSync(path.join(vault, 'Sub/B.md'), '# B\n');
  writeFileSync(path.join(tmp.dir, 'outside.md'), '# outside\n');
  const write = (name: string, lines: string[]): string => {
    const f = path.join(tmp.dir, name);
    writeFileSync(f, lines.join('\n') + '\n');
    return f;
  };

  it('a good file has no problems', () => {
    const f = write('good.jsonl', ['{"q": "one", "rel": ["A.md"]}', '', '{"q": "two", "rel": ["A.md", "Sub/B.md"]}']);
    const { questions, problems } = checkQuestionFile(f, vault);
    expect(problems).toEqual([]);
    expect(questions.map((x) => x.q)).toEqual(['one', 'two']);
  });

  it("a user's file with a byte-order mark, CR LF lines and both kinds of question (mixed) reads whole", () => {
    const f = path.join(tmp.dir, 'windows.jsonl');
    writeFileSync(f, '\uFEFF{"q": "one", "rel": ["A.md"]}\r\n{"q": "capital of France", "rel": []}\r\n');
    const { questions, problems } = checkQuestionFile(f, vault, { mixed: true });
    expect(problems).toEqual([]);
    expect(questions.map((x) => [x.q, x.rel.length])).toEqual([
      ['one', 1],
      ['capital of France', 0],
    ]);
    // Not mixed: the off-topic line is a problem, named by its line.
    expect(checkQuestionFile(f, vault).problems).toEqual([expect.stringMatching(/windows\.jsonl:2: "rel" is empty/)]);
  });

  it('reports bad JSON, empty q, missing or escaping paths, duplicates and empty rel, each with its line', () => {
    const f = write('bad.jsonl', [
      '{"q": "fine", "rel": ["A.md"]}',
      '{"q": "broken", "rel": ["A.md"]', // 2: not JSON
      '{"q": "  ", "rel": ["A.md"]}', // 3: empty question
      '{"q": "renamed note", "rel": ["Gone.md"]}', // 4: path missing
      '{"q": "escapes", "rel": ["../outside.md"]}', // 5: outside the vault
      '{"q": "Fine?", "rel": ["Sub/B.md"]}', // 6: same as line 1 after normalising
      '{"q": "no answer", "rel": []}', // 7: empty rel in an on-topic set
      '{"q": "twice", "rel": ["A.md", "A.md"]}', // 8: path listed twice
      '["q", "rel"]', // 9: not an object
    ]);
    const { problems } = checkQuestionFile(f, vault);
    const lines = problems.map((p) => Number(/:(\d+):/.exec(p)?.[1]));
    expect(lines).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(problems[2]).toContain('"Gone.md" does not exist');
    expect(problems[3]).toContain('not a vault-relative path');
    expect(problems[4]).toContain('same question as line 1');
  });

  it('an off-topic set must have empty rel everywhere', () => {
    const f = write('off.jsonl', ['{"q": "capital of France", "rel": []}', '{"q": "oops", "rel": ["A.md"]}']);
    const { problems } = checkQuestionFile(f, vault, { offTopic: true });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(':2: an off-topic set\'s "rel" must be empty');
  });

  it('a missing or empty file is a problem, not a pass', () => {
    expect(checkQuestionFile(path.join(tmp.dir, 'nope.jsonl'), vault).problems[0]).toContain('not found');
    expect(checkQuestionFile(write('empty.jsonl', ['']), vault).problems[0]).toContain('no questions');
  });

  it('the manifest reader rejects a bad part, a missing field and duplicate names', () => {
    const f = write('sets.json', [
      JSON.stringify({
        sets: [
          { name: 'x-tune', queries: 'a.jsonl', vault: 'v', language: 'en', part: 'tune' },
          { name: 'x-tune', queries: 'a.jsonl', vault: 'v', language: 'en', part: 'held-out' },
          { name: 'y', queries: 'b.jsonl', language: 'en', part: 'test' },
        ],
      }),
    ]);
    expect(() => readSetManifest(f)).toThrow(/"part" must be[\s\S]*duplicate set name[\s\S]*"vault" must be/);
  });

  it('a pinned "today" must be a YYYY-MM-DD date', () => {
    const f = write('sets-today.json', [
      JSON.stringify({
        sets: [
          { name: 'a', queries: 'a.jsonl', vault: 'v', language: 'en', part: 'tune', today: '2026-11-11' },
          { name: 'b', queries: 'b.jsonl', vault: 'v', language: 'en', part: 'test', today: 'last Tuesday' },
        ],
      }),
    ]);
    expect(() => readSetManifest(f)).toThrow(/sets\[1\] \(b\): "today" must be a date written YYYY-MM-DD/);
  });

  it('tune/test overlap is found after normalising case and punctuation', () => {
    const q = (s: string, line = 1): SetQuestion => ({ q: s, rel: ['A.md'], line });
    expect(sharedQuestions([q('How do I X?')], [q('how do i  x'), q('other', 2)])).toEqual(['how do i  x']);
    expect(normalizeQuestion('  Hello   World?! ')).toBe('hello world');
    expect(baseSetName('ohelp-en-2-test')).toBe('ohelp-en-2');
    expect(baseSetName('dev-ohelp-en')).toBe('dev-ohelp-en');
  });
});

describe('every set in eval/sets.json is valid', () => {
  const sets = readSetManifest(manifestFile);
  // Sets whose vault (and, for shared ones, question file) exist here; the cross-set checks below use these.
  const present: { entry: EvalSetEntry; questions: () => SetQuestion[] }[] = [];

  for (const entry of sets) {
    const vault = path.resolve(repo, entry.vault);
    const queries = path.resolve(repo, entry.queries);
    // The shared corpora live outside the repository; a checkout without them cannot check paths, and says so.
    const absent = !existsSync(vault)
      ? `vault ${entry.vault}`
      : !existsSync(queries) && entry.queries.startsWith('..')
        ? `questions ${entry.queries}`
        : null;
    if (absent) {
      it.skip(`${entry.name}: SKIPPED, ${absent} is absent on this machine`, () => {});
      continue;
    }
    const check = () => checkQuestionFile(queries, vault, { offTopic: entry.offTopic });
    present.push({ entry, questions: () => check().questions });
    it(`${entry.name} (${entry.part}, ${entry.language}${entry.offTopic ? ', off-topic' : ''})`, () => {
      expect(check().problems).toEqual([]);
    });
  }

  it('the tune and test parts of one set share no question', () => {
    const byBase = new Map<string, { tune?: SetQuestion[]; test?: SetQuestion[] }>();
    for (const { entry, questions } of present) {
      const base = baseSetName(entry.name);
      const slot = byBase.get(base) ?? {};
      slot[entry.part] = questions();
      byBase.set(base, slot);
    }
    const pairs = [...byBase.entries()].filter(([, s]) => s.tune && s.test);
    for (const [base, s] of pairs) {
      expect(sharedQuestions(s.tune!, s.test!), `${base}: questions in both parts`).toEqual([]);
    }
  });

  it('no test-part question is also in a tuning part over the same vault', () => {
    for (const t of present.filter((x) => x.entry.part === 'test')) {
      for (const u of present.filter((x) => x.entry.part === 'tune' && x.entry.vault === t.entry.vault)) {
        expect(sharedQuestions(u.questions(), t.questions()), `${t.entry.name} vs ${u.entry.name}`).toEqual([]);
      }
    }
  });
});

describe.each(['eval/conversations.jsonl', 'eval/conversations.test.jsonl'])('%s (bench/conversations.ts)', (file) => {
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  it.each(lines.map((line, i) => [i + 1, line] as const))('conversation %i: two turns, its notes exist', (_, line) => {
    const c = JSON.parse(line) as { vault: string; turns: string[]; rel: string[] };
    expect(c.turns).toHaveLength(2);
    expect(c.rel.length).toBeGreaterThan(0);
    // A vault outside the repository (../shared) is checked where it is present.
    if (!existsSync(c.vault)) return;
    for (const note of c.rel) expect(existsSync(path.join(c.vault, note)), note).toBe(true);
  });
  it('holds no conversation of the other part (the parts are disjoint)', () => {
    const other = file.endsWith('.test.jsonl') ? 'eval/conversations.jsonl' : 'eval/conversations.test.jsonl';
    const conversations = (f: string) =>
      readFileSync(f, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { turns: string[] }).turns.join(' → '));
    const mine = new Set(conversations(file));
    expect(conversations(other).filter((t) => mine.has(t))).toEqual([]);
  });
});
