/**
 * Query-term highlighting for search snippets. The result is a list of plain-text segments that React renders
 * (and escapes); note content never becomes markup here.
 */

import { HIGHLIGHT_STOPWORDS } from '../../../text/stopwords.js';

export interface Segment {
  text: string;
  match: boolean;
}

export function queryTerms(query: string): string[] {
  const terms = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_-]+/u)
    .filter((t) => t.length >= 2 && !HIGHLIGHT_STOPWORDS.has(t));
  // Longest first, so "notebook" wins over "note" where both match.
  return [...new Set(terms)].sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function highlightTerms(text: string, query: string): Segment[] {
  const terms = queryTerms(query);
  if (terms.length === 0 || !text) return text ? [{ text, match: false }] : [];
  // A term marks the whole word it starts ("tomato" → "tomatoes"), which reads better than a word cut in two.
  const pattern = new RegExp(`(?:${terms.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const at = m.index ?? 0;
    if (m[0].length === 0) continue;
    if (at > last) out.push({ text: text.slice(last, at), match: false });
    out.push({ text: m[0], match: true });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), match: false });
  return out;
}

/** A readable window of a chunk around the first match, with markdown noise flattened. */
export function makeSnippet(content: string, query: string, maxLength = 260): string {
  const flat = content
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/```[\w-]*\n?/g, '')
    .replace(/^\s*\|?[\s:|-]*-{3,}[\s:|-]*\|?\s*$/gm, '') // table separator rows
    .replace(/^#{1,6}\s+(.*)$/gm, '$1 —')
    // Task markers: "[x]" means done (a text check mark, not an emoji); an open "[ ]" needs no mark.
    .replace(/^(\s*(?:[-*+]|\d+[.)])\s+)\[[xX]\]\s+/gm, '$1✓ ')
    .replace(/^(\s*(?:[-*+]|\d+[.)])\s+)\[ \]\s+/gm, '$1')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*>\s?(?:\[![\w-]+\][+-]?\s*)?/gm, '')
    .replace(/\[\[([^\]|]+)\|([^\]]+)\]\]/g, '$2')
    .replace(/\[\[([^\]]+)\]\]/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    // Only paired markers are emphasis: a lone `__` belongs to a name like `__init` and must survive.
    .replace(/(\*\*|__|~~|==)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/\s*\|\s*/g, ' · ')
    .replace(/(?:\s*·\s*)+/g, ' · ')
    .replace(/—\s*·/g, '—')
    .replace(/\s+/g, ' ')
    .replace(/^[\s·]+|[\s·]+$/g, '')
    .trim();
  if (flat.length <= maxLength) return flat;
  const lower = flat.toLowerCase();
  const first = queryTerms(query)
    .map((t) => lower.indexOf(t))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
  const start = first === undefined ? 0 : Math.max(0, first - Math.floor(maxLength / 3));
  const slice = flat.slice(start, start + maxLength);
  return `${start > 0 ? '…' : ''}${slice}${start + maxLength < flat.length ? '…' : ''}`;
}
