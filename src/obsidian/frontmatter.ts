/**
 * Note properties (YAML frontmatter) as Obsidian reads them: property names match case-insensitively, a
 * property may hold one value or a list, and `aliases`/`alias` name the note's other titles. The YAML itself is
 * parsed by the pipeline; this module only knows what Obsidian makes of the parsed values.
 */

/** Every value of the properties with these (lowercase) names; Obsidian matches `Tags:` like `tags:`. */
export function propertyValues(props: Record<string, unknown>, ...names: string[]): unknown[] {
  return Object.entries(props).flatMap(([key, value]) => (names.includes(key.toLowerCase()) ? [value] : []));
}

/** A text or number property value as a trimmed string; anything else is ''. */
export function scalarString(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** A property that may be a single value or a list, as Obsidian accepts both. */
export function stringList(v: unknown): string[] {
  const items = Array.isArray(v) ? v : [v];
  return items.map(scalarString).filter((s) => s !== '');
}

/** Keeps the first spelling of each value, comparing case-insensitively as Obsidian does for tags and aliases. */
export function dedupeIgnoringCase(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const key = v.toLowerCase();
    if (v === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}

/** The note's aliases: `aliases:` and the older `alias:`, each a single value or a list. */
export function noteAliases(props: Record<string, unknown>): string[] {
  return dedupeIgnoringCase(propertyValues(props, 'aliases', 'alias').flatMap(stringList));
}
