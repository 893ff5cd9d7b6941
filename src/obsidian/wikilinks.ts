/**
 * Wikilinks as Obsidian resolves them. The store finds candidate notes through its indexes; which of them a
 * link means is decided here, once, for the index (linked-note boost) and the UI (clicking a link).
 */
import path from 'node:path';

/** The lowercased file name (with .md) a `[[Folder/Note]]` or `[[Note]]` link names: what the store looks up. */
export function linkFileName(link: string): string {
  return `${link.split('/').pop()!.toLowerCase()}.md`;
}

/**
 * Of the notes carrying a link's file name, the ones it points to: `[[Folder/Note]]` names that file when it
 * exists, otherwise (and for a bare `[[Note]]`) any note with that file name.
 */
export function linkTargets(link: string, sameName: string[]): string[] {
  const exact = link.includes('/') && sameName.find((s) => s.toLowerCase() === `${link.toLowerCase()}.md`);
  return exact ? [exact] : sameName;
}

/**
 * The note a clicked `[[target]]` (possibly with `#Heading`, `#^block` or `|display text`) opens: its path,
 * else its file name, else its title or an alias, all ignoring case; null when no indexed note matches.
 */
export function resolveWikilink(
  target: string,
  notes: readonly { source: string; title: string; aliases: string[] }[],
): string | null {
  const name = target.split('#')[0]!.split('|')[0]!.trim().replace(/\.md$/i, '').toLowerCase();
  const hit =
    notes.find((n) => n.source.replace(/\.md$/i, '').toLowerCase() === name) ??
    notes.find((n) => path.basename(n.source, '.md').toLowerCase() === name) ??
    notes.find((n) => n.title.toLowerCase() === name || n.aliases.some((a) => a.toLowerCase() === name));
  return hit?.source ?? null;
}
