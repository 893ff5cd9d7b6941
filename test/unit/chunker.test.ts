import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import markdownIt from 'markdown-it';
import {
  chunkMarkdown,
  estimateTokens,
  frontmatterLineCount,
  normalizeMarkdown,
  splitIntoBlocks,
} from '../../src/pipeline/chunker.js';
import type { Chunk, ChunkOptions } from '../../src/pipeline/types.js';

const corpusDir = fileURLToPath(new URL('../../../shared/corpora/obsidian-help-en', import.meta.url));
const corpus: { file: string; text: string }[] = (readdirSync(corpusDir, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((file) => ({ file, text: readFileSync(path.join(corpusDir, file), 'utf8') }));

const OPTS: ChunkOptions = { chunkSize: 200, overlap: 30 };

// --- invariant helpers (the fuzz test has its own copy: test files don't share modules here) ---------------------

const fenceParser = markdownIt({ html: true });
fenceParser.core.ruler.enableOnly(['normalize', 'block']);

/** Line ranges of every fenced/indented code block at any nesting depth, trailing blank lines dropped. */
function codeRanges(markdown: string): [number, number][] {
  const lines = normalizeMarkdown(markdown).split('\n');
  const fm = frontmatterLineCount(lines);
  const body = lines.map((l, i) => (i < fm ? '' : l)).join('\n');
  const out: [number, number][] = [];
  for (const t of fenceParser.parse(body, {})) {
    if ((t.type === 'fence' || t.type === 'code_block') && t.map) {
      const s = t.map[0];
      let e = Math.min(t.map[1], lines.length);
      while (e > s && lines[e - 1]!.trim() === '') e--;
      if (e > s) out.push([s, e]);
    }
  }
  return out;
}

function uncoveredLines(markdown: string, chunks: Chunk[]): number[] {
  const lines = normalizeMarkdown(markdown).split('\n');
  const covered = new Uint8Array(lines.length);
  for (const c of chunks) covered.fill(1, c.startLine, c.endLine);
  return lines.flatMap((l, i) => (l.trim() !== '' && !covered[i] ? [i] : []));
}

function splitCodeBlocks(markdown: string, chunks: Chunk[]): [number, number][] {
  return codeRanges(markdown).filter(([s, e]) => !chunks.some((c) => c.startLine <= s && e <= c.endLine));
}

function expectWellFormed(markdown: string, chunks: Chunk[]): void {
  const text = normalizeMarkdown(markdown);
  const lines = text.split('\n');
  chunks.forEach((c, i) => {
    expect(c.chunkIndex).toBe(i);
    expect(c.text).toBe(text.slice(c.startPos, c.endPos));
    expect(c.startLine).toBeLessThan(c.endLine);
    expect(lines.slice(c.startLine, c.endLine).join('\n')).toContain(c.text);
    expect(c.tokenCount).toBe(estimateTokens(c.text));
    expect(c.sectionTitle).toBe(c.headerPath.at(-1) ?? '');
    if (i > 0) expect(c.startLine).toBeGreaterThanOrEqual(chunks[i - 1]!.startLine);
  });
}

const words = (n: number, seed = 'word'): string => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

// -----------------------------------------------------------------------------------------------------------------

describe('estimateTokens', () => {
  it('is zero for empty or whitespace-only text and grows with content', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('  \n\t ')).toBe(0);
    expect(estimateTokens('hello')).toBeGreaterThan(0);
    expect(estimateTokens(words(100))).toBeGreaterThan(estimateTokens(words(50)));
  });

  it('lands in a realistic range for English prose (≈1.3 tokens per word)', () => {
    const prose = 'Obsidian stores your notes as plain text files in a folder on your device, so you own your data.';
    const n = prose.split(/\s+/).length;
    expect(estimateTokens(prose)).toBeGreaterThanOrEqual(n);
    expect(estimateTokens(prose)).toBeLessThanOrEqual(n * 2);
  });

  it('counts punctuation and CJK characters individually', () => {
    expect(estimateTokens('a, b.')).toBeGreaterThan(estimateTokens('a b'));
    const cjk = '知识管理是一种方法';
    expect(estimateTokens(cjk)).toBe(cjk.length);
  });

  it('charges long unbroken strings more than one token', () => {
    expect(estimateTokens('x'.repeat(1000))).toBeGreaterThanOrEqual(150);
  });
});

describe('splitIntoBlocks', () => {
  it('cuts the note into typed blocks with heading paths', () => {
    const md = [
      '# Guide', // 0
      '', // 1
      'Intro paragraph.', // 2
      '', // 3
      '## Install', // 4
      '', // 5
      '```bash title="x"', // 6
      'npm i', // 7
      '```', // 8
      '', // 9
      '### Linux', // 10
      'Use your package manager.', // 11
      '', // 12
      '## Usage', // 13
      '', // 14
      '| a | b |', // 15
      '| - | - |', // 16
      '| 1 | 2 |', // 17
      '', // 18
      '***', // 19
      '', // 20
      '<div>', // 21
      'html', // 22
      '</div>', // 23
    ].join('\n');
    const blocks = splitIntoBlocks(md);
    expect(blocks.map((b) => [b.type, b.startLine, b.endLine])).toEqual([
      ['heading', 0, 1],
      ['paragraph', 2, 3],
      ['heading', 4, 5],
      ['code', 6, 9],
      ['heading', 10, 11],
      ['paragraph', 11, 12],
      ['heading', 13, 14],
      ['table', 15, 18],
      ['hr', 19, 20],
      ['html', 21, 24],
    ]);
    expect(blocks[0]).toMatchObject({ headerPath: ['Guide'], level: 1 });
    expect(blocks[3]).toMatchObject({ headerPath: ['Guide', 'Install'], codeLanguage: 'bash' });
    expect(blocks[5]!.headerPath).toEqual(['Guide', 'Install', 'Linux']);
    // A level-2 heading closes the level-3 section before it.
    expect(blocks[7]!.headerPath).toEqual(['Guide', 'Usage']);
  });

  it('keeps nested lists inside their top-level item, one block per item', () => {
    const md = ['- one', '  - one.a', '    - one.a.i', '- two', '  1. two.1', '', '- three', '', 'after'].join('\n');
    const blocks = splitIntoBlocks(md);
    expect(blocks.map((b) => [b.type, b.text])).toEqual([
      ['list_item', '- one\n  - one.a\n    - one.a.i'],
      ['list_item', '- two\n  1. two.1'],
      ['list_item', '- three'],
      ['paragraph', 'after'],
    ]);
  });

  it('keeps a fenced code block inside the list item that contains it', () => {
    const md = [
      '1. Install:',
      '   ```sh',
      '   # not a heading',
      '',
      '   npm i',
      '   ```',
      '2. Run it',
      '',
      '# Real',
    ].join('\n');
    const blocks = splitIntoBlocks(md);
    expect(blocks.map((b) => [b.type, b.startLine, b.endLine])).toEqual([
      ['list_item', 0, 6],
      ['list_item', 6, 7],
      ['heading', 8, 9],
    ]);
    expect(blocks[0]!.headerPath).toEqual([]);
  });

  it('does not treat "# lines" inside code fences as headings', () => {
    const md = [
      '# Top',
      '',
      '```python',
      '# a comment',
      '## another',
      '```',
      '',
      '~~~',
      '# tilde fence',
      '~~~',
      '',
      'text',
    ].join('\n');
    const blocks = splitIntoBlocks(md);
    expect(blocks.filter((b) => b.type === 'heading').map((b) => b.text)).toEqual(['# Top']);
    expect(blocks.at(-1)!.headerPath).toEqual(['Top']);
    expect(blocks[1]).toMatchObject({
      type: 'code',
      codeLanguage: 'python',
      text: '```python\n# a comment\n## another\n```',
    });
  });

  it('treats Obsidian callouts, including nested ones, as one blockquote', () => {
    const md = ['> [!note] Title', '> Body line', '> > [!tip] Nested', '> > more', '', 'Next'].join('\n');
    const blocks = splitIntoBlocks(md);
    expect(blocks[0]).toMatchObject({ type: 'blockquote', startLine: 0, endLine: 4 });
    expect(blocks[1]).toMatchObject({ type: 'paragraph', startLine: 5 });
  });

  it('emits frontmatter as a block and keeps line numbers relative to the whole note', () => {
    const md = ['---', 'title: x', '# not a heading', '---', '# Heading', 'Body'].join('\n');
    const blocks = splitIntoBlocks(md);
    expect(blocks.map((b) => [b.type, b.startLine, b.endLine])).toEqual([
      ['frontmatter', 0, 4],
      ['heading', 4, 5],
      ['paragraph', 5, 6],
    ]);
    expect(blocks[0]!.text).toBe('---\ntitle: x\n# not a heading\n---');
  });

  it('does not treat an unclosed leading --- as frontmatter', () => {
    const blocks = splitIntoBlocks('---\ntitle: x\n\nbody');
    expect(blocks.some((b) => b.type === 'frontmatter')).toBe(false);
    expect(blocks.map((b) => b.type)).toContain('hr');
  });

  it('gives CRLF and CR notes the same blocks and line numbers as LF notes', () => {
    const lf = ['---', 'a: 1', '---', '# H', '', 'para one', 'continues', '', '- item', '', '```', 'code', '```'].join(
      '\n',
    );
    const expected = splitIntoBlocks(lf);
    expect(splitIntoBlocks(lf.replace(/\n/g, '\r\n'))).toEqual(expected);
    expect(splitIntoBlocks(lf.replace(/\n/g, '\r'))).toEqual(expected);
    expect(expected.every((b) => !b.text.includes('\r'))).toBe(true);
  });

  it('recognises setext headings and keeps link reference definitions searchable', () => {
    const md = ['Title', '=====', '', 'See [docs][d].', '', '[d]: https://example.com', '', 'Sub', '---', 'x'].join(
      '\n',
    );
    const blocks = splitIntoBlocks(md);
    expect(blocks.map((b) => [b.type, b.startLine])).toEqual([
      ['heading', 0],
      ['paragraph', 3],
      ['paragraph', 5],
      ['heading', 7],
      ['paragraph', 9],
    ]);
    expect(blocks[4]!.headerPath).toEqual(['Title', 'Sub']);
  });

  it('returns block texts that are exact slices of the original lines', () => {
    for (const { text } of corpus.slice(0, 40)) {
      const lines = normalizeMarkdown(text).split('\n');
      for (const b of splitIntoBlocks(text)) expect(b.text).toBe(lines.slice(b.startLine, b.endLine).join('\n'));
    }
  });
});

describe('chunkMarkdown', () => {
  it('returns no chunks for empty or whitespace-only notes', () => {
    expect(chunkMarkdown('', OPTS)).toEqual([]);
    expect(chunkMarkdown(' \n\n\t\r\n  ', OPTS)).toEqual([]);
  });

  it('returns one chunk for a note that is only frontmatter', () => {
    const chunks = chunkMarkdown('---\ntags: [a]\n---\n\n', OPTS);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ text: '---\ntags: [a]\n---', startLine: 0, endLine: 3, headerPath: [] });
  });

  it('keeps the frontmatter with the first chunk, and only there', () => {
    const md = `---\naliases: [Sync]\n---\n# Sync\n\n${Array.from({ length: 12 }, (_, i) => words(40, `p${i}w`)).join('\n\n')}`;
    const chunks = chunkMarkdown(md, OPTS);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks[0]!.startLine).toBe(0);
    expect(chunks[0]!.text).toMatch(/^---\naliases: \[Sync\]\n---\n# Sync\n\np0w0/);
    expect(chunks[0]!.headerPath).toEqual(['Sync']);
    expect(chunks.slice(1).some((c) => c.text.includes('aliases'))).toBe(false);
    expectWellFormed(md, chunks);
  });

  it('respects chunkSize and prefers to start chunks at headings', () => {
    const section = (h: string): string => `## ${h}\n\n${words(60, h)}\n\n${words(60, h + 'b')}`;
    const md = ['# Doc', section('Alpha'), section('Beta'), section('Gamma')].join('\n\n');
    const chunks = chunkMarkdown(md, OPTS);
    expect(chunks.map((c) => c.headerPath)).toEqual([
      ['Doc', 'Alpha'],
      ['Doc', 'Beta'],
      ['Doc', 'Gamma'],
    ]);
    expect(chunks[1]!.text.startsWith('## Beta')).toBe(true);
    expect(chunks.map((c) => c.sectionTitle)).toEqual(['Alpha', 'Beta', 'Gamma']);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(OPTS.chunkSize);
    expectWellFormed(md, chunks);
  });

  it('never ends a chunk with a heading whose body went to the next chunk', () => {
    const md = [words(120, 'a'), '## Next', '### Deeper', words(120, 'b'), '## Last', words(40, 'c')].join('\n\n');
    const chunks = chunkMarkdown(md, OPTS);
    for (const c of chunks.slice(0, -1)) expect(c.text).not.toMatch(/(^|\n)#{1,6} [^\n]*$/);
    expect(chunks[1]!.text.startsWith('## Next\n\n### Deeper')).toBe(true);
    // The path describes the content under the glued headings.
    expect(chunks[1]!.headerPath).toEqual(['Next', 'Deeper']);
  });

  it('keeps a code block larger than chunkSize whole, in a chunk of its own', () => {
    const code = [
      '```ts',
      ...Array.from({ length: 200 }, (_, i) => `const value${i} = compute(${i}, "x");`),
      '```',
    ].join('\n');
    const md = [words(50, 'before'), code, words(50, 'after')].join('\n\n');
    const chunks = chunkMarkdown(md, OPTS);
    const big = chunks.filter((c) => c.containsCode);
    expect(big).toHaveLength(1);
    expect(big[0]!.text).toBe(code);
    expect(big[0]!.tokenCount).toBeGreaterThan(OPTS.chunkSize);
    expect(big[0]!.codeLanguage).toBe('ts');
    expect(chunks.map((c) => c.text)).toEqual([words(50, 'before'), code, words(50, 'after')]);
  });

  it('glues a heading to the oversized block it introduces', () => {
    const table = ['| k | v |', '|---|---|', ...Array.from({ length: 120 }, (_, i) => `| key${i} | value ${i} |`)].join(
      '\n',
    );
    const chunks = chunkMarkdown(`intro\n\n## Reference\n\n${table}\n\nafter`, OPTS);
    expect(chunks.map((c) => c.text)).toEqual(['intro', `## Reference\n\n${table}`, 'after']);
  });

  it('splits an over-long paragraph at sentence boundaries', () => {
    const sentences = Array.from(
      { length: 80 },
      (_, i) => `Sentence number ${i} talks about topic ${i % 7} in some detail.`,
    );
    const md = `# Long\n\n${sentences.join(' ')}\n\nTail paragraph.`;
    const chunks = chunkMarkdown(md, { chunkSize: 120, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(120);
      expect(c.text).toMatch(/(\.|^# Long)$/); // every piece ends at a sentence end
      expect(c.headerPath).toEqual(['Long']);
    }
    const body = chunks.map((c) => c.text).join(' ');
    for (const s of sentences) expect(body).toContain(s);
    expectWellFormed(md, chunks);
  });

  it('splits long CJK paragraphs at 。 and counts CJK tokens per character', () => {
    const sentence = '黑曜石是一款基于本地文件夹的知识管理软件。';
    const md = `## 中文\n\n${sentence.repeat(40)}`;
    const chunks = chunkMarkdown(md, { chunkSize: 100, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.tokenCount).toBeLessThanOrEqual(100);
      expect(c.text.endsWith('。')).toBe(true);
      expect(c.sectionTitle).toBe('中文');
    }
    expectWellFormed(md, chunks);
  });

  it('overlaps by repeating whole trailing blocks of the previous chunk', () => {
    const paras = Array.from({ length: 30 }, (_, i) => words(12, `p${i}w`));
    const md = paras.join('\n\n');
    const chunks = chunkMarkdown(md, { chunkSize: 100, overlap: 40 });
    expect(chunks.length).toBeGreaterThan(3);
    for (let i = 1; i < chunks.length; i++) {
      const prev = chunks[i - 1]!.text.split('\n\n');
      const cur = chunks[i]!.text.split('\n\n');
      // Every paragraph in a chunk is a whole paragraph of the note (no cut mid-block) ...
      for (const p of cur) expect(paras).toContain(p);
      // ... and the chunk starts with a non-empty suffix of the previous chunk, within the budget.
      const repeated = cur.filter((p) => prev.includes(p));
      expect(repeated.length).toBeGreaterThan(0);
      expect(prev.slice(-repeated.length)).toEqual(repeated);
      expect(cur.slice(0, repeated.length)).toEqual(repeated);
      expect(estimateTokens(repeated.join('\n\n'))).toBeLessThanOrEqual(40);
    }
    expectWellFormed(md, chunks);
  });

  it('never repeats a code block larger than the overlap budget', () => {
    const code = '```js\n' + Array.from({ length: 6 }, (_, i) => `call(${i});`).join('\n') + '\n```';
    const md = [words(60, 'a'), code, words(60, 'b'), code.replace('js', 'py'), words(60, 'c')].join('\n\n');
    const chunks = chunkMarkdown(md, { chunkSize: 100, overlap: 10 });
    const total = chunks.reduce((n, c) => n + (c.text.match(/```(js|py)/g)?.length ?? 0), 0);
    expect(total).toBe(2);
  });

  it('does not carry overlap across a section boundary', () => {
    const md = ['## One', words(70, 'a'), '## Two', words(70, 'b')].join('\n\n');
    const chunks = chunkMarkdown(md, { chunkSize: 120, overlap: 60 });
    expect(chunks).toHaveLength(2);
    expect(chunks[1]!.text.startsWith('## Two')).toBe(true);
  });

  it('sets headerPath from the first non-overlap block', () => {
    const md = ['# A', '## B', words(60, 'x'), words(60, 'y'), words(60, 'z')].join('\n\n');
    const chunks = chunkMarkdown(md, { chunkSize: 120, overlap: 90 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.headerPath).toEqual(['A', 'B']);
  });

  it('reports code presence and the first code language', () => {
    const md = ['Text', '- step\n  ```yaml\n  a: 1\n  ```', '```\nplain\n```', '```js\nx\n```'].join('\n\n');
    const [chunk] = chunkMarkdown(md, OPTS);
    expect(chunk).toMatchObject({ containsCode: true, codeLanguage: 'yaml' });
    expect(chunkMarkdown('just text', OPTS)[0]).toMatchObject({ containsCode: false, codeLanguage: '' });
  });

  it('maps CRLF notes back to their original line numbers', () => {
    const original = ['---', 'a: 1', '---', '# Title', '', words(150, 'x'), '', '## Part', '', words(150, 'y')].join(
      '\r\n',
    );
    const originalLines = original.split('\r\n');
    const chunks = chunkMarkdown(original, OPTS);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.text).not.toContain('\r');
      expect(originalLines.slice(c.startLine, c.endLine).join('\n')).toBe(c.text);
    }
    expect(chunks.at(-1)!.headerPath).toEqual(['Title', 'Part']);
  });

  it('locates chunks in the note so callers can show the source lines', () => {
    const note = corpus.find((n) => n.file.endsWith('Callouts.md'))!.text;
    const lines = normalizeMarkdown(note).split('\n');
    const chunks = chunkMarkdown(note, OPTS);
    for (const c of chunks) {
      const firstBlockLine = c.text.split('\n')[0]!;
      expect(lines[c.startLine]).toBe(firstBlockLine);
      expect(lines.slice(c.startLine, c.endLine).join('\n')).toBe(c.text);
    }
  });

  it('sanitises nonsensical options instead of looping or throwing', () => {
    const md = [words(50), words(50), words(50)].join('\n\n');
    for (const opts of [
      { chunkSize: 0, overlap: 0 },
      { chunkSize: -5, overlap: 10 },
      { chunkSize: Number.NaN, overlap: Number.NaN },
      { chunkSize: 10, overlap: 1000 },
      { chunkSize: Number.POSITIVE_INFINITY, overlap: -1 },
    ]) {
      const chunks = chunkMarkdown(md, opts);
      expect(chunks.length).toBeGreaterThan(0);
      expect(uncoveredLines(md, chunks)).toEqual([]);
    }
  });

  it('survives garbage input', () => {
    const inputs = [
      '\uD800\uDC00\uDFFF\uD800 lone surrogates \uDBFF',
      '\u0000\u0001\u0002binary\u0000\n```\u0000',
      '>'.repeat(5000) + ' deep',
      '- '.repeat(3000) + 'deep list',
      '`'.repeat(10000),
      '|'.repeat(3000) + '\n' + '-|'.repeat(1500),
      '['.repeat(5000) + ']'.repeat(5000),
      '\r\r\r\n\n\r',
      '---',
      '---\n---',
    ];
    for (const md of inputs) {
      const chunks = chunkMarkdown(md, OPTS);
      expect(uncoveredLines(md, chunks)).toEqual([]);
      expectWellFormed(md, chunks);
    }
  });

  // Speed is measured by `npm run bench`; these bounds only catch quadratic blow-ups, with room for a loaded CI machine.
  it('chunks a 1 MB note and a 5 MB paragraph without blowing up', () => {
    let big = '';
    for (let i = 0; big.length < 1_000_000; i = (i + 1) % corpus.length) big += corpus[i]!.text + '\n\n';
    chunkMarkdown(corpus[0]!.text, OPTS); // warm up the JIT
    let t = performance.now();
    const chunks = chunkMarkdown(big, OPTS);
    expect(performance.now() - t).toBeLessThan(15_000);
    expect(uncoveredLines(big, chunks)).toEqual([]);

    const paragraph = 'All work and no play makes Jack a dull boy. '.repeat(115_000);
    t = performance.now();
    const pieces = chunkMarkdown(paragraph, OPTS);
    expect(performance.now() - t).toBeLessThan(30_000);
    expect(Math.max(...pieces.map((c) => c.tokenCount))).toBeLessThanOrEqual(OPTS.chunkSize);

    const tenK = Array.from({ length: 10_000 }, (_, i) =>
      i % 25 === 0 ? `## Section ${i}` : `Line ${i} of a long note.`,
    ).join('\n');
    expect(uncoveredLines(tenK, chunkMarkdown(tenK, OPTS))).toEqual([]);
  });
});

describe('chunkMarkdown over the Obsidian Help vault', () => {
  const optionSets: ChunkOptions[] = [
    { chunkSize: 200, overlap: 30 },
    { chunkSize: 64, overlap: 16 },
    { chunkSize: 512, overlap: 0 },
  ];

  it('has the whole corpus available', () => {
    expect(corpus.length).toBeGreaterThan(100);
  });

  it.each(optionSets)('keeps its invariants with %o', (opts) => {
    for (const { file, text } of corpus) {
      const chunks = chunkMarkdown(text, opts);
      const blocks = splitIntoBlocks(text);
      expect(chunks.length, file).toBeGreaterThan(0);
      expect(uncoveredLines(text, chunks), file).toEqual([]);
      expect(splitCodeBlocks(text, chunks), file).toEqual([]);
      expectWellFormed(text, chunks);
      for (const [i, c] of chunks.entries()) {
        const inside = blocks.filter((b) => b.startLine < c.endLine && b.endLine > c.startLine);
        // Oversized only when the chunk is one block (plus the headings/frontmatter glued in front of it).
        if (c.tokenCount > opts.chunkSize) {
          expect(
            inside.filter((b) => b.type !== 'heading' && b.type !== 'frontmatter'),
            `${file} #${i}`,
          ).toHaveLength(1);
        }
        // A heading never dangles at the end of a chunk.
        if (i < chunks.length - 1) expect(inside.at(-1)!.type, `${file} #${i}`).not.toBe('heading');
      }
      // The first chunk carries the frontmatter.
      if (blocks[0]!.type === 'frontmatter') expect(chunks[0]!.startLine).toBe(0);
    }
  });
});
