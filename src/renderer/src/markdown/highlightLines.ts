/**
 * Marks the rendered blocks of a cited chunk. Chunks use the note's 0-based, end-exclusive line numbers and
 * every block carries `data-source-line`/`data-source-line-end` from markdown-it, so this is an interval test.
 */

export const CITED_CLASS = 'cited';

function lineRange(el: Element): [number, number] | null {
  const start = Number(el.getAttribute('data-source-line'));
  const end = Number(el.getAttribute('data-source-line-end') ?? start + 1);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return null;
  return [start, Math.max(end, start + 1)];
}

/**
 * Highlights the innermost blocks overlapping [start, end) (a list is marked item by item, not as a whole) and
 * returns them in document order; the first is where to scroll.
 */
export function highlightLines(root: ParentNode, start: number, end: number): HTMLElement[] {
  for (const el of Array.from(root.querySelectorAll(`.${CITED_CLASS}`))) el.classList.remove(CITED_CLASS);
  if (!(end > start)) return [];
  const hits: HTMLElement[] = [];
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-source-line]'))) {
    const range = lineRange(el);
    if (!range || range[0] >= end || range[1] <= start) continue;
    if (el.querySelector('[data-source-line]')) continue; // its inner blocks are marked instead
    el.classList.add(CITED_CLASS);
    hits.push(el);
  }
  return hits;
}

/** Finds a heading by its text, for `[[Note#Heading]]` links. */
export function findHeading(root: ParentNode, heading: string): HTMLElement | null {
  const wanted = heading.trim().toLowerCase();
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6'))) {
    if ((el.textContent ?? '').trim().toLowerCase() === wanted) return el;
  }
  return null;
}
