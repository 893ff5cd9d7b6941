/**
 * markdown-it plugins for the Obsidian flavour the app needs: wikilinks, source-line anchors (for highlighting a
 * cited chunk), numbered citations in answers, and private rendering of links and images.
 */
import type { Env, MarkdownIt, StateCore, StateInline, Token } from 'markdown-it';

// ---------------------------------------------------------------------------------------------------------------
// Wikilinks: [[Target]], [[Target|alias]], [[Target#Heading]], ![[Embed]]
// ---------------------------------------------------------------------------------------------------------------

export interface WikilinkParts {
  /** What note:resolveLink receives: the note name, possibly with a `#Heading` or `#^block` suffix. */
  target: string;
  note: string;
  heading: string | null;
  label: string;
}

export function parseWikilink(inner: string): WikilinkParts | null {
  // Inside tables Obsidian users escape the alias pipe as `\|`.
  const text = inner.replace(/\\\|/g, '|');
  const bar = text.indexOf('|');
  const target = (bar === -1 ? text : text.slice(0, bar)).trim();
  const alias = bar === -1 ? '' : text.slice(bar + 1).trim();
  if (!target) return null;
  const hash = target.indexOf('#');
  const note = (hash === -1 ? target : target.slice(0, hash)).trim();
  const heading =
    hash === -1
      ? null
      : target
          .slice(hash + 1)
          .replace(/^\^/, '')
          .trim() || null;
  // Obsidian shows `Note > Heading` for an un-aliased heading link, and just the heading for a same-note one.
  const label = alias || (heading ? (note ? `${note} > ${heading}` : heading) : note);
  return { target, note, heading, label };
}

function wikilinkRule(state: StateInline, silent: boolean): boolean {
  const { src } = state;
  let pos = state.pos;
  let embed = false;
  if (src.charCodeAt(pos) === 0x21 /* ! */) {
    embed = true;
    pos++;
  }
  if (src.charCodeAt(pos) !== 0x5b || src.charCodeAt(pos + 1) !== 0x5b /* [[ */) return false;
  const close = src.indexOf(']]', pos + 2);
  if (close === -1 || close > state.posMax) return false;
  const inner = src.slice(pos + 2, close);
  if (inner.includes('[') || inner.includes('\n')) return false;
  const parts = parseWikilink(inner);
  if (!parts) return false;
  if (!silent) {
    const open = state.push('wikilink_open', 'a', 1);
    open.attrs = [
      ['href', '#'],
      ['class', embed ? 'wikilink embed' : 'wikilink'],
      ['data-wikilink', parts.target],
    ];
    const text = state.push('text', '', 0);
    text.content = parts.label;
    state.push('wikilink_close', 'a', -1);
  }
  state.pos = close + 2;
  return true;
}

export function wikilinks(md: MarkdownIt): void {
  md.inline.ruler.before('link', 'wikilink', wikilinkRule);
}

// ---------------------------------------------------------------------------------------------------------------
// Source lines: data-source-line / data-source-line-end on every block, from markdown-it's token maps
// ---------------------------------------------------------------------------------------------------------------

/**
 * Maps are 0-based and end-exclusive, the same convention as the chunker's start_line/end_line, so a chunk's range
 * can be compared with the attributes directly. Tight-list paragraphs are normally hidden (not rendered at all);
 * they are rendered here, marked `tight`, so every line of text sits in an element that can be highlighted.
 */
export function sourceLines(md: MarkdownIt): void {
  md.core.ruler.push('source_lines', (state: StateCore) => {
    for (const token of state.tokens) {
      if (token.hidden && token.type.startsWith('paragraph_')) {
        token.hidden = false;
        if (token.nesting === 1) token.attrJoin('class', 'tight');
      }
      if (!token.map || token.nesting === -1 || !token.block || token.type === 'inline') continue;
      token.attrSet('data-source-line', String(token.map[0]));
      token.attrSet('data-source-line-end', String(token.map[1]));
    }
  });
  // The default fence renderer puts token attributes on <code>; the highlight belongs on the whole <pre>.
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const line = token.attrGet('data-source-line');
    const end = token.attrGet('data-source-line-end');
    token.attrs = (token.attrs ?? []).filter(([name]) => !name.startsWith('data-source-line'));
    const html = fence ? fence(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    if (line === null) return html;
    return html.replace(/^<pre/, `<pre data-source-line="${line}" data-source-line-end="${end ?? line}"`);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Citations: [1], [2, 3], [1][2] in answers become buttons
// ---------------------------------------------------------------------------------------------------------------

export interface CitationEnv extends Env {
  /** Numbers that have a source. null while the answer is still streaming and the sources are not known yet. */
  citable?: ReadonlySet<number> | null;
}

const CITATION = /^\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/;

function citationRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5b /* [ */) return false;
  const match = CITATION.exec(state.src.slice(state.pos, Math.min(state.posMax, state.pos + 64)));
  if (!match) return false;
  const numbers = match[1]!.split(',').map((n) => Number(n.trim()));
  const citable = (state.env as CitationEnv).citable;
  // Once the sources are known, a number without one is the model misquoting: leave it as plain text.
  if (citable && numbers.some((n) => !citable.has(n))) return false;
  if (!silent) {
    numbers.forEach((n, i) => {
      if (i > 0) state.push('text', '', 0).content = ' ';
      const token = state.push('citation', '', 0);
      token.meta = { n };
    });
  }
  state.pos += match[0].length;
  return true;
}

export function citations(md: MarkdownIt): void {
  md.inline.ruler.before('link', 'citation', citationRule);
  md.renderer.rules.citation = (tokens: Token[], idx: number) => {
    const n = Number((tokens[idx]!.meta as { n: number }).n);
    return `<button type="button" class="citation" data-citation="${n}" aria-label="Citation ${n}">${n}</button>`;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Links and images
// ---------------------------------------------------------------------------------------------------------------

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A relative markdown link `[x](Other%20note.md)` points into the vault: treat it like a wikilink. */
export function vaultLinks(md: MarkdownIt): void {
  md.core.ruler.push('vault_links', (state: StateCore) => {
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        if (token.type !== 'link_open') continue;
        const raw = token.attrGet('href');
        const href = raw === null ? null : String(raw);
        if (href === null || href === '' || href.startsWith('#') || HAS_SCHEME.test(href) || href.startsWith('//')) {
          continue;
        }
        let target = href;
        try {
          target = decodeURIComponent(href);
        } catch {
          // keep the raw href: a stray % is a valid file name character
        }
        token.attrSet('href', '#');
        token.attrSet('data-wikilink', target.replace(/\.md(?=$|#)/i, ''));
        token.attrJoin('class', 'wikilink');
      }
    }
  });
}

/**
 * Images are shown as labelled placeholders: vault attachments are not served to the renderer, and loading a
 * remote image from a note would tell a third party the note was opened.
 */
export function imagePlaceholders(md: MarkdownIt): void {
  md.renderer.rules.image = (tokens, idx) => {
    const token = tokens[idx]!;
    const alt = token.children?.map((c) => c.content).join('') || token.content;
    const src = String(token.attrGet('src') ?? '');
    const label = alt || src.split('/').pop() || 'image';
    const esc = md.utils.escapeHtml;
    return `<span class="note-image" title="${esc(src)}">${esc(label)}</span>`;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Callouts: > [!note] Title
// ---------------------------------------------------------------------------------------------------------------

const CALLOUT = /^\[!([\w-]+)\][+-]?\s*(.*)$/;

export function callouts(md: MarkdownIt): void {
  md.core.ruler.push('callouts', (state: StateCore) => {
    const { tokens } = state;
    for (let i = 0; i + 2 < tokens.length; i++) {
      const quote = tokens[i]!;
      const inline = tokens[i + 2]!;
      if (quote.type !== 'blockquote_open' || tokens[i + 1]!.type !== 'paragraph_open' || inline.type !== 'inline') {
        continue;
      }
      const first = inline.children?.[0];
      const match = first?.type === 'text' ? CALLOUT.exec(first.content) : null;
      if (!first || !match || !inline.children) continue;
      const kind = match[1]!.toLowerCase();
      quote.attrJoin('class', `callout callout-${kind}`);
      quote.attrSet('data-callout', kind);
      const open = new state.Token('strong_open', 'strong', 1);
      open.attrSet('class', 'callout-title');
      const title = new state.Token('text', '', 0);
      title.content = match[2] || kind.charAt(0).toUpperCase() + kind.slice(1);
      const close = new state.Token('strong_close', 'strong', -1);
      const rest = inline.children.slice(1);
      // The title sits on its own line: the soft break after it becomes a hard one.
      if (rest[0]?.type === 'softbreak') rest[0] = new state.Token('hardbreak', 'br', 0);
      inline.children = [open, title, close, ...rest];
    }
  });
}
