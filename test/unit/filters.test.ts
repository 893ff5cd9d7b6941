import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { buildWhere } from '../../src/store/whereClause.js';
import { metadataFiltersSchema, type MetadataFilters } from '../../src/shared/filters.js';
import { SearchInputError, validateSearchInput } from '../../src/search/similaritySearch.js';

/** Local-time epoch seconds, as the pipeline stores mtime (stat mtimeMs / 1000). */
const at = (y: number, m: number, d: number, h = 12, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms).getTime() / 1000;

describe('buildWhere: the SQL text', () => {
  it('is undefined when nothing filters', () => {
    expect(buildWhere(undefined, undefined)).toBeUndefined();
    expect(buildWhere({}, [])).toBeUndefined();
    expect(buildWhere({ folder: '' }, undefined)).toBeUndefined();
    expect(buildWhere({ folder: '/' }, undefined)).toBeUndefined();
    expect(buildWhere({ tags: [] }, undefined)).toBeUndefined();
    expect(buildWhere({ tags: ['#', '  '] }, undefined)).toBeUndefined();
  });

  it('filenames become an IN list with single quotes doubled', () => {
    expect(buildWhere(undefined, ['a.md', "Bob's/It's.md"])).toBe(`source IN ('a.md', 'Bob''s/It''s.md')`);
  });

  it('a folder matches itself or anything below it; slashes are trimmed, quotes doubled', () => {
    // lower() on both sides, so dense (LanceDB, case-sensitive LIKE) and sparse (SQLite) agree.
    expect(buildWhere({ folder: '/Projects/' }, undefined)).toBe(
      `(lower(folder) = 'projects' OR lower(folder) LIKE 'projects/%')`,
    );
    expect(buildWhere({ folder: "Bob's Notes" }, undefined)).toBe(
      `(lower(folder) = 'bob''s notes' OR lower(folder) LIKE 'bob''s notes/%')`,
    );
  });

  it("tags lose a leading '#', are lowercased, and also match as a parent of nested tags", () => {
    expect(buildWhere({ tags: '#Project' }, undefined)).toBe(`(tags LIKE '%,project,%' OR tags LIKE '%,project/%')`);
    expect(buildWhere({ tags: ['a', '#B/c'] }, undefined)).toBe(
      `(tags LIKE '%,a,%' OR tags LIKE '%,a/%' OR tags LIKE '%,b/c,%' OR tags LIKE '%,b/c/%')`,
    );
  });

  it('a quote in a tag or code language is doubled, not left to break the literal', () => {
    expect(buildWhere({ tags: "it's" }, undefined)).toBe(`(tags LIKE '%,it''s,%' OR tags LIKE '%,it''s/%')`);
    expect(buildWhere({ code_language: "c'" }, undefined)).toBe(`code_language = 'c'''`);
  });

  it('dates compare note_date as text and mtime against local-day epochs', () => {
    const where = buildWhere({ date_from: '2026-01-18', date_to: '2026-01-18' }, undefined)!;
    const from = new Date(2026, 0, 18, 0, 0, 0).getTime() / 1000;
    expect(where).toContain(`note_date >= '2026-01-18' AND note_date <= '2026-01-18'`);
    expect(where).toContain(`note_date IS NULL AND mtime >= ${from} AND`);
    // Exclusive next midnight: a file saved at 23:59:59.5 still belongs to its day.
    const upper = Number(/mtime < ([\d.]+)/.exec(where)![1]);
    expect(upper).toBe(new Date(2026, 0, 19, 0, 0, 0).getTime() / 1000);
  });

  it('only one bound: the other is open', () => {
    const fromOnly = buildWhere({ date_from: '2026-01-18' }, undefined)!;
    expect(fromOnly).toContain(`note_date >= '2026-01-18' AND note_date <= '9999-12-31'`);
    const toOnly = buildWhere({ date_to: '2026-01-18' }, undefined)!;
    expect(toOnly).toContain(`note_date >= '0000-01-01' AND note_date <= '2026-01-18'`);
  });

  it('contains_code and code_language', () => {
    expect(buildWhere({ contains_code: true }, undefined)).toBe('contains_code = true');
    expect(buildWhere({ contains_code: false }, undefined)).toBe('contains_code = false');
    expect(buildWhere({ code_language: 'python' }, undefined)).toBe(`code_language = 'python'`);
  });

  it('joins every filter with AND and qualifies every column with the prefix', () => {
    const f: MetadataFilters = {
      folder: 'P',
      tags: 't',
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      contains_code: true,
      code_language: 'ts',
    };
    const where = buildWhere(f, ['P/x.md'], 'c.')!;
    expect(where.split(' AND (').length).toBeGreaterThanOrEqual(3);
    const columns = ['source', 'folder', 'tags', 'note_date', 'mtime', 'contains_code', 'code_language'];
    for (const col of columns) {
      expect(where).toContain(`c.${col}`);
      // No unqualified use of the column anywhere.
      expect(where.replace(/'(?:[^']|'')*'/g, "''")).not.toMatch(new RegExp(`(?<![.\\w])${col}\\b`));
    }
  });
});

/**
 * What the WHERE clause *selects*, run on a real SQLite table with the chunk columns: the semantics matter more
 * than the spelling. (The LanceDB side is covered by test/integration/search.test.ts.)
 */
describe('buildWhere: what it selects (SQLite)', () => {
  let db: Database.Database;
  const rows = [
    { source: 'Projects/Garden.md', folder: 'Projects', tags: ',project/garden,arduino,', note_date: '2026-10-20' },
    { source: 'Projects/Sub/Deep.md', folder: 'Projects/Sub', tags: '', note_date: null },
    { source: 'ProjectsOld/x.md', folder: 'ProjectsOld', tags: ',projects,', note_date: null },
    { source: "Bob's Notes/It's.md", folder: "Bob's Notes", tags: ",it's,", note_date: null },
    { source: 'Kitchen_Log/Sub/Oven.md', folder: 'Kitchen_Log/Sub', tags: ',sour_dough,', note_date: null },
    { source: '100% Rye/Sub/Rye.md', folder: '100% Rye/Sub', tags: '', note_date: null },
    { source: 'Daily/2026-01-18.md', folder: 'Daily', tags: ',daily,', note_date: '2026-01-18' },
    { source: 'Daily/2026-01-19.md', folder: 'Daily', tags: ',daily,', note_date: '2026-01-19' },
    { source: 'root.md', folder: '', tags: ',project,', note_date: null },
    { source: 'Code/snippet.md', folder: 'Code', tags: '', note_date: null, contains_code: 1, code_language: 'python' },
  ];
  const mtimes: Record<string, number> = {
    'Projects/Garden.md': at(2026, 1, 18), // dated note: its mtime must never count
    'Projects/Sub/Deep.md': at(2026, 1, 18, 0, 0, 0), // first instant of the day
    'ProjectsOld/x.md': at(2026, 1, 18, 23, 59, 59, 500), // last half-second of the day
    "Bob's Notes/It's.md": at(2026, 1, 17, 23, 59, 59, 999),
    'Kitchen_Log/Sub/Oven.md': at(2026, 1, 19, 0, 0, 0),
    '100% Rye/Sub/Rye.md': at(2020, 1, 1),
    'Daily/2026-01-18.md': at(2020, 1, 1),
    'Daily/2026-01-19.md': at(2026, 1, 18),
    'root.md': at(2020, 1, 1),
    'Code/snippet.md': at(2020, 1, 1),
  };

  beforeAll(() => {
    db = new Database(':memory:');
    db.exec(`create table obq_chunks (source TEXT, folder TEXT, tags TEXT, note_date TEXT, mtime REAL,
      contains_code INTEGER, code_language TEXT)`);
    const ins = db.prepare(
      'insert into obq_chunks values (@source, @folder, @tags, @note_date, @mtime, @contains_code, @code_language)',
    );
    for (const r of rows) ins.run({ contains_code: 0, code_language: '', ...r, mtime: mtimes[r.source] });
  });
  afterAll(() => db.close());

  const select = (filters: MetadataFilters | undefined, filenames?: string[]): string[] => {
    const where = buildWhere(filters, filenames, 'c.');
    return (
      db.prepare(`select c.source from obq_chunks c ${where ? `where ${where}` : ''} order by c.source`).all() as {
        source: string;
      }[]
    ).map((r) => r.source);
  };

  it('no filter selects everything', () => {
    expect(select(undefined)).toHaveLength(rows.length);
  });

  it('filenames select exactly those sources, quotes included', () => {
    expect(select(undefined, ["Bob's Notes/It's.md", 'root.md', 'missing.md'])).toEqual([
      "Bob's Notes/It's.md",
      'root.md',
    ]);
  });

  it('folder selects itself and its subfolders, not a sibling with the same prefix', () => {
    expect(select({ folder: 'Projects' })).toEqual(['Projects/Garden.md', 'Projects/Sub/Deep.md']);
    expect(select({ folder: 'Projects/Sub' })).toEqual(['Projects/Sub/Deep.md']);
    expect(select({ folder: "Bob's Notes" })).toEqual(["Bob's Notes/It's.md"]);
  });

  it("folder names with '_' or '%' (legal file names) keep their subfolders", () => {
    expect(select({ folder: 'Kitchen_Log' })).toEqual(['Kitchen_Log/Sub/Oven.md']);
    expect(select({ folder: '100% Rye' })).toEqual(['100% Rye/Sub/Rye.md']);
  });

  it('tags: exact, parent of nested, never a prefix or a child segment', () => {
    expect(select({ tags: 'project' })).toEqual(['Projects/Garden.md', 'root.md']);
    expect(select({ tags: '#project/garden' })).toEqual(['Projects/Garden.md']);
    expect(select({ tags: 'garden' })).toEqual([]);
    expect(select({ tags: 'proj' })).toEqual([]);
    expect(select({ tags: ['ARDUINO', 'daily'] })).toEqual([
      'Daily/2026-01-18.md',
      'Daily/2026-01-19.md',
      'Projects/Garden.md',
    ]);
    expect(select({ tags: "it's" })).toEqual(["Bob's Notes/It's.md"]);
  });

  it("tags with '_' (valid Obsidian tags) can be selected", () => {
    expect(select({ tags: 'sour_dough' })).toEqual(['Kitchen_Log/Sub/Oven.md']);
    expect(buildWhere({ tags: 'sour_dough' }, undefined)).not.toContain('%,sourdough,%');
  });

  it('a day: dated notes by their date, undated ones by mtime within the local day', () => {
    const day = select({ date_from: '2026-01-18', date_to: '2026-01-18' });
    expect(day).toEqual(expect.arrayContaining(['Daily/2026-01-18.md', 'Projects/Sub/Deep.md']));
    // Dated elsewhere (mtime on the day is irrelevant), or changed just before/after the day.
    for (const out of ['Projects/Garden.md', 'Daily/2026-01-19.md', "Bob's Notes/It's.md", 'Kitchen_Log/Sub/Oven.md'])
      expect(day).not.toContain(out);
  });

  it('a note changed in the last second of a day (mtime 23:59:59.5) belongs to that day', () => {
    expect(select({ date_from: '2026-01-18', date_to: '2026-01-18' })).toContain('ProjectsOld/x.md');
    expect(select({ date_to: '2026-01-18' })).toContain('ProjectsOld/x.md');
  });

  it('ranges: open ends and a dated note whose mtime is in range', () => {
    expect(select({ date_from: '2026-01-19' })).toEqual([
      'Daily/2026-01-19.md',
      'Kitchen_Log/Sub/Oven.md',
      'Projects/Garden.md',
    ]);
    expect(select({ date_to: '2025-12-31' })).toEqual(['100% Rye/Sub/Rye.md', 'Code/snippet.md', 'root.md']);
    // Daily/2026-01-19.md was last edited on the 18th but is dated the 19th: out.
    expect(select({ date_from: '2026-01-17', date_to: '2026-01-18' })).not.toContain('Daily/2026-01-19.md');
  });

  it('contains_code and code_language', () => {
    expect(select({ contains_code: true })).toEqual(['Code/snippet.md']);
    expect(select({ contains_code: false })).toHaveLength(rows.length - 1);
    expect(select({ code_language: 'python' })).toEqual(['Code/snippet.md']);
  });

  it('filters combine with AND', () => {
    expect(select({ folder: 'Daily', tags: 'daily', date_from: '2026-01-19' })).toEqual(['Daily/2026-01-19.md']);
    expect(select({ folder: 'Daily' }, ['root.md'])).toEqual([]);
  });
});

describe('metadataFiltersSchema and validateSearchInput', () => {
  it('accepts the documented shapes', () => {
    for (const f of [
      {},
      { folder: 'A/B' },
      { tags: 'x' },
      { tags: ['x', '#y/z'] },
      { date_from: '2026-01-01', date_to: '2026-12-31' },
      { contains_code: false, code_language: 'ts' },
    ])
      expect(metadataFiltersSchema.safeParse(f).success, JSON.stringify(f)).toBe(true);
  });

  it('rejects unknown keys and malformed values', () => {
    for (const f of [
      { author: 'me' },
      { date_from: '2026-1-1' },
      { date_to: '01/18/2026' },
      { contains_code: 1 },
      { tags: [1] },
      { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
      { folder: 'x'.repeat(1025) },
    ])
      expect(metadataFiltersSchema.safeParse(f).success, JSON.stringify(f).slice(0, 60)).toBe(false);
  });

  it('validateSearchInput throws SearchInputError with a message that says what to change', () => {
    const cases: [Parameters<typeof validateSearchInput>[0], RegExp][] = [
      [{ refined_query_for_vector_search: '' }, /empty/],
      [{ refined_query_for_vector_search: ' \n ' }, /empty/],
      [{ refined_query_for_vector_search: 'a'.repeat(501) }, /501 characters; the limit is 500/],
      [{ refined_query_for_vector_search: 'ok', k: 0 }, /k must be an integer from 1 to 100/],
      [{ refined_query_for_vector_search: 'ok', k: 101 }, /k must be/],
      [
        { refined_query_for_vector_search: 'ok', metadata_filters: { nope: 1 } as MetadataFilters },
        /Invalid metadata filter/,
      ],
      [{ refined_query_for_vector_search: undefined as unknown as string }, /empty/],
    ];
    for (const [input, message] of cases) {
      expect(() => validateSearchInput(input)).toThrow(SearchInputError);
      expect(() => validateSearchInput(input)).toThrow(message);
    }
    expect(validateSearchInput({ refined_query_for_vector_search: 'a'.repeat(500), k: 100 })).toBeTruthy();
  });
});
