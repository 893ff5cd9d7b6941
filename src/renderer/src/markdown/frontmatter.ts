/**
 * YAML frontmatter, split off the note the same way the chunker does it (only when it opens on the very first
 * line and is closed by `---`), and flattened into display-only properties. This is not a YAML parser: it covers
 * the shapes Obsidian's property editor writes and falls back to raw lines for anything fancier.
 */

export interface Property {
  key: string;
  value: string;
}

export interface Frontmatter {
  /** Lines taken by the block including both fences; the body starts at this line. */
  lineCount: number;
  properties: Property[];
}

export function frontmatterLineCount(lines: readonly string[]): number {
  if (lines.length < 2 || lines[0]!.trimEnd() !== '---') return 0;
  for (let i = 1; i < lines.length; i++) if (lines[i]!.trimEnd() === '---') return i + 1;
  return 0;
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) {
    return v.slice(1, -1);
  }
  return v;
}

function flowList(value: string): string | null {
  const v = value.trim();
  if (!v.startsWith('[') || !v.endsWith(']')) return null;
  return v.slice(1, -1).split(',').map(unquote).filter(Boolean).join(', ');
}

export function parseProperties(yamlLines: readonly string[]): Property[] {
  const out: Property[] = [];
  let current: Property | null = null;
  let listItems: string[] = [];
  const flush = (): void => {
    if (current && listItems.length > 0) current.value = listItems.join(', ');
    listItems = [];
  };
  for (const line of yamlLines) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const keyMatch = /^([^\s:#][^:]*):(?:\s+(.*))?$/.exec(line) ?? /^([^\s:#][^:]*):$/.exec(line);
    if (keyMatch && !line.startsWith(' ') && !line.startsWith('\t')) {
      flush();
      const raw = keyMatch[2] ?? '';
      current = { key: keyMatch[1]!.trim(), value: flowList(raw) ?? unquote(raw) };
      out.push(current);
      continue;
    }
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item && current) {
      listItems.push(unquote(item[1]!));
      continue;
    }
    // Continuation of a multi-line scalar, or something this reader does not understand: keep it visible.
    if (current) current.value = current.value ? `${current.value} ${line.trim()}` : line.trim();
    else out.push({ key: '', value: line.trim() });
  }
  flush();
  return out;
}

/**
 * Returns the frontmatter (or null) and the body with the frontmatter lines blanked rather than removed, so
 * markdown-it's line numbers stay the note's line numbers.
 */
export function splitFrontmatter(markdown: string): { frontmatter: Frontmatter | null; body: string } {
  const lines = markdown.split('\n');
  const n = frontmatterLineCount(lines);
  if (n === 0) return { frontmatter: null, body: markdown };
  return {
    frontmatter: { lineCount: n, properties: parseProperties(lines.slice(1, n - 1)) },
    body: '\n'.repeat(n) + lines.slice(n).join('\n'),
  };
}
