import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseNoteMetadata } from '../../src/pipeline/noteMetadata.js';
import { DEFAULT_DAILY_NOTE_FORMAT, readDailyNoteFormat } from '../../src/obsidian/config.js';
import { tempDir } from '../helpers/fixtures.js';

const note = (frontmatter: string, body = ''): string => `---\n${frontmatter}\n---\n${body}`;

describe('parseNoteMetadata: title and aliases', () => {
  it('prefers the frontmatter title, else the file name without .md', () => {
    expect(parseNoteMetadata(note('title: Sync setup'), 'Sync/setup.md').title).toBe('Sync setup');
    expect(parseNoteMetadata('body', 'Projects/Big Plan.md').title).toBe('Big Plan');
    expect(parseNoteMetadata('body', 'Projects\\Windows Path.MD').title).toBe('Windows Path');
    expect(parseNoteMetadata(note('title: ""'), 'Empty title.md').title).toBe('Empty title');
    expect(parseNoteMetadata(note('title: 1984'), 'x.md').title).toBe('1984');
  });

  it('reads aliases from aliases/alias as a string or a list', () => {
    expect(parseNoteMetadata(note('aliases:\n  - How to/Sync\n  - Syncing'), 'a.md').aliases).toEqual([
      'How to/Sync',
      'Syncing',
    ]);
    expect(parseNoteMetadata(note('aliases: Sync'), 'a.md').aliases).toEqual(['Sync']);
    // Both keys count; the first spelling (in note order) wins when they repeat a name.
    expect(parseNoteMetadata(note('alias: [One, two]\naliases: ONE'), 'a.md').aliases).toEqual(['One', 'two']);
    expect(parseNoteMetadata(note('aliases:'), 'a.md').aliases).toEqual([]);
    expect(parseNoteMetadata(note('Aliases: [Capitalised]\nTitle: Capital'), 'a.md')).toMatchObject({
      title: 'Capital',
      aliases: ['Capitalised'],
      frontmatter: {},
    });
  });
});

describe('parseNoteMetadata: tags', () => {
  it('reads frontmatter tags as a list or a comma/space separated string, without #', () => {
    expect(parseNoteMetadata(note('tags: [project, "#work"]'), 'a.md').tags).toEqual(['project', 'work']);
    expect(parseNoteMetadata(note('tags: "#a, b  c,d"'), 'a.md').tags).toEqual(['a', 'b', 'c', 'd']);
    expect(parseNoteMetadata(note('tag: solo'), 'a.md').tags).toEqual(['solo']);
    expect(parseNoteMetadata(note('tags:\n  - area/health\n  - 2024'), 'a.md').tags).toEqual(['area/health']);
  });

  it('finds inline #tags, including nested ones and tags in headings', () => {
    const md = '# Heading with #tag-in-heading\n\nStart #inbox and #area/work_log, end #last\n#line-start';
    expect(parseNoteMetadata(md, 'a.md').tags).toEqual([
      'tag-in-heading',
      'inbox',
      'area/work_log',
      'last',
      'line-start',
    ]);
  });

  it('supports non-ASCII tags', () => {
    expect(parseNoteMetadata('Notes #日本語 and #café', 'a.md').tags).toEqual(['日本語', 'café']);
  });

  it('ignores headings, numbers, URL fragments and links to headings', () => {
    const md = [
      '# Title',
      '## Section',
      'Issue #123 and #2024/01 are numbers.',
      'See http://example.com/page#anchor and https://x.io/#/route.',
      'Link [[Note#Heading]] and [[#Local heading]] and [text](#anchor).',
      'Escaped \\#nottag and word#nottag.',
    ].join('\n');
    expect(parseNoteMetadata(md, 'a.md').tags).toEqual([]);
  });

  it('ignores tags in code fences, indented code, inline code and comments', () => {
    const md = [
      'Paragraph.',
      '',
      '    #indented-code',
      '',
      '```bash',
      'echo #fenced',
      '```',
      '',
      '- list item',
      '  ```',
      '  #fence-in-list',
      '  ```',
      '',
      '    #list-continuation-is-prose',
      '',
      'Inline `#code` and ``a ` #double`` spans.',
      '%% #obsidian-comment %%',
      '<!-- #html-comment -->',
      'But #real counts.',
    ].join('\n');
    // Four spaces after a list item continue the item (CommonMark), so that one is a real tag.
    expect(parseNoteMetadata(md, 'a.md').tags).toEqual(['list-continuation-is-prose', 'real']);
  });

  it('keeps the first spelling when tags differ only in case', () => {
    const md = note('tags: [Project]', 'About #project and #PROJECT and #Other and #other.');
    expect(parseNoteMetadata(md, 'a.md').tags).toEqual(['Project', 'Other']);
  });
});

describe('parseNoteMetadata: dates', () => {
  it('takes the date part of date-like frontmatter keys', () => {
    const md = note(
      'date: 2026-01-05\ncreated: 2026-01-03T09:30:00\nupdated: "2026-01-04 18:00"\nModified: 2026-01-04\nday: 2025-12-31',
    );
    expect(parseNoteMetadata(md, 'a.md').dates).toEqual(['2025-12-31', '2026-01-03', '2026-01-04', '2026-01-05']);
  });

  it('accepts YAML timestamps that arrive as Date objects', () => {
    const md = note('date: !!timestamp 2026-02-03T23:30:00Z');
    const meta = parseNoteMetadata(md, 'a.md');
    expect(meta.dates).toEqual(['2026-02-03']);
    expect(meta.frontmatter).toEqual({ date: '2026-02-03T23:30:00.000Z' });
  });

  it('reads daily-note dates from the file name', () => {
    expect(parseNoteMetadata('', 'Daily/2026-01-18.md').dates).toEqual(['2026-01-18']);
    expect(parseNoteMetadata('', 'Daily/2026-01-18 Monday.md').dates).toEqual(['2026-01-18']);
    expect(parseNoteMetadata(note('date: 2026-01-18'), 'Daily/2026-01-18.md').dates).toEqual(['2026-01-18']);
    expect(parseNoteMetadata(note('created: 2026-01-17'), '2026-01-18.md').dates).toEqual(['2026-01-17', '2026-01-18']);
  });

  it('ignores impossible dates, dates in unrelated keys and dates in folder names', () => {
    expect(parseNoteMetadata('', 'Daily/2026-02-30.md').dates).toEqual([]);
    expect(parseNoteMetadata('', 'Daily/12026-01-18.md').dates).toEqual([]);
    expect(parseNoteMetadata(note('deadline: 2026-03-01\ndate: soon'), 'a.md').dates).toEqual([]);
    expect(parseNoteMetadata('', '2026-01-18/notes.md').dates).toEqual([]);
  });
});

describe("parseNoteMetadata: the vault's daily-note format", () => {
  const dates = (rel: string, dailyNoteFormat?: string) => parseNoteMetadata('', rel, { dailyNoteFormat }).dates;

  it('a note named in the configured format gets that day', () => {
    expect(dates('Journal/January 18th, 2026.md', 'MMMM Do, YYYY')).toEqual(['2026-01-18']);
    expect(dates('Journal/18.01.2026.md', 'DD.MM.YYYY')).toEqual(['2026-01-18']);
    expect(dates('Journal/2026/01/18.md', 'YYYY/MM/DD')).toEqual(['2026-01-18']);
    expect(dates('Journal/Sun, 18 Jan 26.md', 'ddd, D MMM YY')).toEqual(['2026-01-18']);
  });

  it('the same names mean nothing without the format (Obsidian’s default is YYYY-MM-DD)', () => {
    expect(dates('Journal/January 18th, 2026.md')).toEqual([]);
    expect(dates('Journal/18.01.2026.md')).toEqual([]);
  });

  it('a YYYY-MM-DD in a file name still counts whatever the format; impossible days never do', () => {
    expect(dates('Meeting 2026-01-05 notes.md', 'DD.MM.YYYY')).toEqual(['2026-01-05']);
    expect(dates('Journal/31.02.2026.md', 'DD.MM.YYYY')).toEqual([]);
    expect(dates('Journal/18.01.2026.md', 'MM.DD.YYYY')).toEqual([]);
  });
});

describe('readDailyNoteFormat (.obsidian/daily-notes.json, read only)', () => {
  const withConfig = (text: string | null): string => {
    const { dir, cleanup } = tempDir('obq-dnf-');
    try {
      mkdirSync(path.join(dir, '.obsidian'));
      if (text !== null) writeFileSync(path.join(dir, '.obsidian', 'daily-notes.json'), text);
      return readDailyNoteFormat(dir);
    } finally {
      cleanup();
    }
  };

  it('returns the configured format', () => {
    expect(withConfig('{"folder":"Journal","format":"DD.MM.YYYY"}')).toBe('DD.MM.YYYY');
  });

  it('falls back to the default for a missing file, garbled JSON, or an empty or non-string format', () => {
    for (const text of [null, '{ not json', '{"format":""}', '{"format":42}', 'null', '{"folder":"Daily"}'])
      expect(withConfig(text), String(text)).toBe(DEFAULT_DAILY_NOTE_FORMAT);
  });
});

describe('parseNoteMetadata: links', () => {
  it('extracts wikilink and embed targets without heading, block or alias parts', () => {
    const md = [
      'See [[Sync]], [[Sync settings|settings]], [[Publish#Custom domains]] and [[Format#^block-id|x]].',
      'Embeds: ![[diagram.png]] ![[Meeting notes.md]] ![[Plan#Goals]]',
      'Folders: [[Projects/Alpha]]. Self: [[#Only heading]].',
      '| Table | [[Piped\\|alias]] |',
    ].join('\n');
    expect(parseNoteMetadata(md, 'a.md').links).toEqual([
      'Sync',
      'Sync settings',
      'Publish',
      'Format',
      'diagram.png',
      'Meeting notes',
      'Plan',
      'Projects/Alpha',
      'Piped',
    ]);
  });

  it('dedupes links and skips links in code and comments', () => {
    const md = [
      '[[A]] [[a]] [[A|again]]',
      '```',
      '[[InCode]]',
      '```',
      '`[[InlineCode]]`',
      '%% [[Commented]] %%',
      '[[B]]',
    ].join('\n');
    expect(parseNoteMetadata(md, 'a.md').links).toEqual(['A', 'B']);
  });

  it('includes links written in properties, as Obsidian does', () => {
    const md = note('related: "[[Other note]]"\nup:\n  - "[[Index|Home]]"', '[[Body link]]');
    expect(parseNoteMetadata(md, 'a.md').links).toEqual(['Other note', 'Index', 'Body link']);
  });
});

describe('parseNoteMetadata: frontmatter', () => {
  it('returns the remaining keys, JSON-safe', () => {
    const md = note(
      [
        'title: T',
        'aliases: [x]',
        'tags: [y]',
        'publish: true',
        'rating: 4.5',
        'status: ~',
        'nested: {a: [1, 2, {b: c}]}',
        'infinite: .inf',
        'when: !!timestamp 2026-01-02',
      ].join('\n'),
    );
    const { frontmatter } = parseNoteMetadata(md, 'a.md');
    expect(frontmatter).toEqual({
      publish: true,
      rating: 4.5,
      status: null,
      nested: { a: [1, 2, { b: 'c' }] },
      infinite: null,
      when: '2026-01-02T00:00:00.000Z',
    });
    expect(JSON.parse(JSON.stringify(frontmatter))).toEqual(frontmatter);
  });

  it('keeps a __proto__ key as plain data', () => {
    const { frontmatter } = parseNoteMetadata(note('__proto__: {polluted: true}'), 'a.md');
    expect(Object.getPrototypeOf(frontmatter)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(frontmatter)).toEqual(['__proto__']);
    expect(JSON.stringify(frontmatter)).toBe('{"__proto__":{"polluted":true}}');
  });

  it('tolerates invalid YAML: empty frontmatter, body still parsed', () => {
    for (const yaml of ['tags: [a, b\ntitle: x', 'a: b: c', 'key: "unclosed', '\tbad: tab']) {
      const meta = parseNoteMetadata(note(yaml, 'Body #ok [[Link]]'), 'Broken.md');
      expect(meta).toEqual({ title: 'Broken', aliases: [], tags: ['ok'], dates: [], links: ['Link'], frontmatter: {} });
    }
  });

  it('ignores frontmatter that is not a mapping and frontmatter that does not start the note', () => {
    expect(parseNoteMetadata(note('- a\n- b'), 'a.md').frontmatter).toEqual({});
    const late = parseNoteMetadata('\n---\ntitle: Late\n---\n', 'a.md');
    expect(late.title).toBe('a');
    expect(late.frontmatter).toEqual({});
  });

  it('handles CRLF notes like LF notes', () => {
    const lf = note('title: T\ntags: [x]\ndate: 2026-01-01', '# H\n#tag [[L]]\n```\n#no\n```');
    expect(parseNoteMetadata(lf.replace(/\n/g, '\r\n'), 'a.md')).toEqual(parseNoteMetadata(lf, 'a.md'));
  });
});

describe('parseNoteMetadata: robustness', () => {
  it('never throws on garbage', () => {
    const inputs = [
      '',
      '---',
      '---\n---',
      '\uD800\uDFFF\uDC00 #tag\uD800',
      '\u0000'.repeat(100),
      '`'.repeat(10_001),
      '[['.repeat(5000),
      '%%'.repeat(3) + '<!--',
      '---\n' + 'a: &a [*a]\n'.repeat(3) + '---',
      '---\nx: ' + '['.repeat(2000) + '\n---',
      '#'.repeat(5000),
    ];
    for (const md of inputs) expect(() => parseNoteMetadata(md, '')).not.toThrow();
  });

  it('stays fast on a large note', () => {
    const big = 'Some text with #tag and [[Link]] and `code #x`.\n\n```\n#y\n```\n\n'.repeat(20_000);
    const t = performance.now();
    const meta = parseNoteMetadata(big, 'big.md');
    expect(performance.now() - t).toBeLessThan(2000);
    expect(meta.tags).toEqual(['tag']);
    expect(meta.links).toEqual(['Link']);
  });
});
