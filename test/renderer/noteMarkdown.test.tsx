// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { highlightLines } from '../../src/renderer/src/markdown/highlightLines.js';
import { renderNote } from '../../src/renderer/src/markdown/renderNote.js';
import { sanitizeHtml } from '../../src/renderer/src/markdown/sanitize.js';

declare global {
  interface Window {
    __xss?: number;
  }
}

function mount(html: string): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = html;
  document.body.appendChild(el);
  return el;
}

function assertInert(root: HTMLElement): void {
  expect(root.querySelector('script, iframe, object, embed, style')).toBeNull();
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.toLowerCase().startsWith('on'), `${el.tagName} has ${attr.name}`).toBe(false);
      if (['href', 'src', 'xlink:href', 'action'].includes(attr.name.toLowerCase())) {
        expect(attr.value.replace(/\s+/g, '')).not.toMatch(/^(javascript|data|vbscript):/i);
      }
    }
  }
}

afterEach(() => {
  document.body.innerHTML = '';
  delete window.__xss;
});

describe('note markdown is inert', () => {
  const hostile = [
    '# Hostile note',
    '',
    '<script>window.__xss=1</script>',
    '',
    '<img src=x onerror="window.__xss=1">',
    '',
    '[x](javascript:window.__xss=1) and [y](JaVaScRiPt:window.__xss=1) and [z](data:text/html,<script>1</script>)',
    '',
    '<a href="javascript:window.__xss=1">raw link</a> <svg onload="window.__xss=1"></svg>',
  ].join('\n');

  it('shows raw HTML as text and drops script URLs', async () => {
    const { html } = renderNote(hostile);
    const root = mount(html);
    assertInert(root);
    expect(root.querySelector('img')).toBeNull();
    // Raw HTML is visible as text, not silently swallowed.
    expect(root.textContent).toContain('<script>window.__xss=1</script>');
    expect(root.textContent).toContain('<img src=x onerror="window.__xss=1">');
    // The javascript: links are not links at all.
    expect(Array.from(root.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([]);
    await new Promise((r) => setTimeout(r, 10));
    expect(window.__xss).toBeUndefined();
  });

  it('DOMPurify strips what markdown-it would never emit (second line of defence)', () => {
    const root = mount(
      sanitizeHtml(
        [
          '<script>window.__xss=1</script>',
          '<img src="x" onerror="window.__xss=1">',
          '<a href="javascript:window.__xss=1">a</a>',
          '<a href=" java\tscript:window.__xss=1">b</a>',
          '<a href="data:text/html;base64,PHNjcmlwdD4=">c</a>',
          '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
          '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
          '<p style="background:url(javascript:1)" onclick="window.__xss=1">p</p>',
          '<a href="https://example.invalid/page">ok</a>',
        ].join(''),
      ),
    );
    assertInert(root);
    expect(root.querySelector('[style]')).toBeNull();
    const safe = root.querySelector('a[href="https://example.invalid/page"]');
    expect(safe).not.toBeNull();
    // External links leave the app instead of navigating it.
    expect(safe?.getAttribute('target')).toBe('_blank');
    expect(safe?.getAttribute('rel')).toContain('noopener');
  });

  it('renders images as placeholders so notes cannot make network requests', () => {
    const root = mount(renderNote('![a cat](https://tracker.example/pixel.png)').html);
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('.note-image')?.textContent).toBe('a cat');
  });
});

describe('wikilinks', () => {
  it.each([
    ['[[Target]]', 'Target', 'Target'],
    ['[[Target|alias]]', 'Target', 'alias'],
    ['[[Target#Heading]]', 'Target#Heading', 'Target > Heading'],
    ['[[Folder/Deep Note#Part two|the part]]', 'Folder/Deep Note#Part two', 'the part'],
  ])('%s links to %s', (source, target, label) => {
    const root = mount(renderNote(`See ${source} here.`).html);
    const links = root.querySelectorAll('a[data-wikilink]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('data-wikilink')).toBe(target);
    expect(links[0]!.textContent).toBe(label);
    expect(root.textContent).not.toContain('[[');
  });

  it('leaves wikilinks inside code alone', () => {
    const root = mount(renderNote('`[[Not a link]]`\n\n```\n[[Nor this]]\n```').html);
    expect(root.querySelector('a[data-wikilink]')).toBeNull();
  });

  it('treats relative markdown links as vault links', () => {
    const root = mount(renderNote('[other](Projects/Other%20note.md)').html);
    expect(root.querySelector('a')?.getAttribute('data-wikilink')).toBe('Projects/Other note');
  });
});

describe('frontmatter', () => {
  it('becomes properties and keeps the body on the note’s own line numbers', () => {
    const note = [
      '---',
      'title: Plan',
      'tags: [a, b]',
      'aliases:',
      '  - One',
      '  - Two',
      '---',
      '# Heading',
      '',
      'Body',
    ].join('\n');
    const { html, frontmatter } = renderNote(note);
    expect(frontmatter?.lineCount).toBe(7);
    expect(frontmatter?.properties).toEqual([
      { key: 'title', value: 'Plan' },
      { key: 'tags', value: 'a, b' },
      { key: 'aliases', value: 'One, Two' },
    ]);
    const root = mount(html);
    expect(root.querySelector('hr')).toBeNull();
    expect(root.textContent).not.toContain('title: Plan');
    expect(root.querySelector('h1')?.getAttribute('data-source-line')).toBe('7');
    expect(root.querySelector('p')?.getAttribute('data-source-line')).toBe('9');
  });
});

describe('line-range highlighting', () => {
  // Line numbers (0-based):  0 heading, 2 para A, 4 heading B, 6-7 para B (two lines), 9-10 list, 12-14 code.
  const note = [
    '# Title', // 0
    '', // 1
    'Paragraph A.', // 2
    '', // 3
    '## Section B', // 4
    '', // 5
    'Paragraph B first line', // 6
    'and its second line.', // 7
    '', // 8
    '- item one', // 9
    '- item two', // 10
    '', // 11
    '```', // 12
    'code', // 13
    '```', // 14
    '', // 15
    'Tail.', // 16
  ].join('\n');

  function cited(root: HTMLElement): string[] {
    return Array.from(root.querySelectorAll('.cited')).map((el) => `${el.tagName}:${el.textContent?.trim()}`);
  }

  it('marks exactly the blocks inside [start, end)', () => {
    const root = mount(renderNote(note).html);
    const hits = highlightLines(root, 4, 9);
    expect(cited(root)).toEqual(['H2:Section B', 'P:Paragraph B first line\nand its second line.']);
    expect(hits[0]?.tagName).toBe('H2');
  });

  it('marks list items one by one and code blocks as a whole', () => {
    const root = mount(renderNote(note).html);
    highlightLines(root, 10, 15);
    expect(cited(root)).toEqual(['P:item two', 'PRE:code']);
  });

  it('marks a paragraph the chunk starts in the middle of', () => {
    const root = mount(renderNote(note).html);
    highlightLines(root, 7, 8);
    expect(cited(root)).toEqual(['P:Paragraph B first line\nand its second line.']);
  });

  it('clears the previous highlight', () => {
    const root = mount(renderNote(note).html);
    highlightLines(root, 0, 3);
    expect(cited(root)).toEqual(['H1:Title', 'P:Paragraph A.']);
    highlightLines(root, 16, 17);
    expect(cited(root)).toEqual(['P:Tail.']);
  });
});
