import type { MetadataFilters } from '../shared/filters.js';
import { sqlString as str } from './vectorStore.js';

/** Local midnight starting the given day, as epoch seconds (mtimes are local-time facts for the user). */
function startOfDay(isoDate: string, plusDays = 0): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).getTime() / 1000;
}

/**
 * One WHERE clause valid in both LanceDB (DataFusion SQL) and SQLite, so the same filter narrows both
 * retrievers before they rank. `prefix` qualifies columns for a SQL join ('c.').
 */
export function buildWhere(
  filters: MetadataFilters | undefined,
  filenames: string[] | undefined,
  prefix = '',
): string | undefined {
  const parts: string[] = [];
  const col = (name: string) => `${prefix}${name}`;
  if (filenames && filenames.length > 0) parts.push(`${col('source')} IN (${filenames.map(str).join(', ')})`);
  if (filters?.folder) {
    const folder = filters.folder.replace(/^\/+|\/+$/g, '');
    // lower() on both sides: SQLite's LIKE ignores case and LanceDB's does not; both retrievers must agree.
    // '%' and '_' in a folder name only over-match in LIKE, and the equality test keeps exact names exact.
    if (folder) {
      const f = folder.toLowerCase();
      parts.push(`(lower(${col('folder')}) = ${str(f)} OR lower(${col('folder')}) LIKE ${str(f + '/%')})`);
    }
  }
  if (filters?.tags) {
    const tags = (Array.isArray(filters.tags) ? filters.tags : [filters.tags])
      .map((t) => t.replace(/^#/, '').toLowerCase().trim())
      .filter(Boolean);
    if (tags.length) {
      // ',project/garden,' matches 'project/garden' and, via the second LIKE, its parent 'project'.
      parts.push(
        `(${tags.map((t) => `${col('tags')} LIKE ${str(`%,${t},%`)} OR ${col('tags')} LIKE ${str(`%,${t}/%`)}`).join(' OR ')})`,
      );
    }
  }
  if (filters?.date_from || filters?.date_to) {
    const from = filters.date_from ?? '0000-01-01';
    const to = filters.date_to ?? '9999-12-31';
    // A note with its own date (daily note, frontmatter) is judged by it; others by their last change.
    parts.push(
      `((${col('note_date')} IS NOT NULL AND ${col('note_date')} >= ${str(from)} AND ${col('note_date')} <= ${str(to)}) OR ` +
        `(${col('note_date')} IS NULL AND ${col('mtime')} >= ${startOfDay(from)} AND ${col('mtime')} < ${startOfDay(to, 1)}))`,
    );
  }
  if (filters?.contains_code !== undefined)
    parts.push(`${col('contains_code')} = ${filters.contains_code ? 'true' : 'false'}`);
  if (filters?.code_language) parts.push(`${col('code_language')} = ${str(filters.code_language)}`);
  return parts.length ? parts.join(' AND ') : undefined;
}
