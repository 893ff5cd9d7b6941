/**
 * Turns a note's raw markdown into inert HTML for the source preview: markdown-it without raw HTML (so `<script>`
 * in a note shows as text), Obsidian wikilinks and callouts, line anchors for highlighting, then DOMPurify.
 */
import markdownIt, { type MarkdownIt } from 'markdown-it';
import { splitFrontmatter, type Frontmatter } from './frontmatter.js';
import { callouts, imagePlaceholders, sourceLines, vaultLinks, wikilinks } from './plugins.js';
import { sanitizeHtml } from './sanitize.js';

export interface RenderedNote {
  html: string;
  frontmatter: Frontmatter | null;
}

let parser: MarkdownIt | null = null;

function getParser(): MarkdownIt {
  parser ??= new markdownIt({ html: false, linkify: true, typographer: false, breaks: false })
    .use(wikilinks)
    .use(vaultLinks)
    .use(callouts)
    .use(imagePlaceholders)
    .use(sourceLines);
  return parser;
}

/** The text all chunk line numbers refer to (see the chunker): LF line endings, no BOM. */
export function normalizeMarkdown(markdown: string): string {
  const text = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

export function renderNote(markdown: string): RenderedNote {
  const { frontmatter, body } = splitFrontmatter(normalizeMarkdown(markdown));
  return { html: sanitizeHtml(getParser().render(body)), frontmatter };
}
