/**
 * Renders an assistant answer: markdown without raw HTML, `[n]` citations as buttons, sanitised. Answers are
 * model output that may quote notes verbatim, so they get the same treatment as notes.
 */
import markdownIt, { type MarkdownIt } from 'markdown-it';
import { citations, imagePlaceholders, wikilinks, type CitationEnv } from './plugins.js';
import { sanitizeHtml } from './sanitize.js';

let parser: MarkdownIt | null = null;

function getParser(): MarkdownIt {
  parser ??= new markdownIt({ html: false, linkify: false, typographer: false, breaks: false })
    .use(citations)
    .use(wikilinks)
    .use(imagePlaceholders);
  return parser;
}

/**
 * @param citable the source numbers of a finished answer; null while streaming, when every `[n]` is shown as a
 * citation because the sources arrive only at the end.
 */
export function renderAnswer(markdown: string, citable: ReadonlySet<number> | null): string {
  const env: CitationEnv = { citable };
  return sanitizeHtml(getParser().render(markdown, env));
}

/**
 * Closes markers a half-streamed answer has opened but not yet closed (a code fence, `**`, a backtick), so the
 * partial text renders as it will look rather than flashing raw asterisks until the closing token arrives.
 */
export function closeOpenMarkers(partial: string): string {
  const fences = partial.match(/^\s*```/gm)?.length ?? 0;
  if (fences % 2 === 1) return `${partial}\n\`\`\``;
  let text = partial;
  const withoutCode = text.replace(/`[^`\n]*`/g, '');
  if ((withoutCode.match(/`/g)?.length ?? 0) % 2 === 1) text += '`';
  else if ((withoutCode.match(/\*\*/g)?.length ?? 0) % 2 === 1) {
    const trimmed = text.replace(/\s+$/, '');
    // A marker that has only just arrived has nothing to embolden yet: hide it rather than print `****`.
    text = trimmed.endsWith('**') ? trimmed.slice(0, -2) : `${trimmed}**`;
  }
  return text;
}
