import path from 'node:path';

/** obsidian://open?vault=…&file=… opens the note in Obsidian itself (the vault name is its folder name). */
export function obsidianUri(vaultRoot: string, source: string): string {
  const file = source.replace(/\.md$/i, '');
  return `obsidian://open?vault=${encodeURIComponent(path.basename(vaultRoot))}&file=${encodeURIComponent(file)}`;
}
