/**
 * Tags as Obsidian's tag pane shows them: `tags:`/`tag:` properties (a list, or one value separated by spaces
 * or commas) and inline `#tags` in the body. The caller masks code and comments out of the body first, so a
 * `#tag` that merely appears in a code sample does not count.
 */
import { dedupeIgnoringCase, propertyValues, stringList } from './frontmatter.js';

function cleanTag(t: string): string {
  return t.trim().replace(/^#+/, '').replace(/\/+$/, '');
}

/** Obsidian tag chars are letters, digits, `_`, `-` and `/`, and a tag can't be purely numeric. */
function isValidTag(t: string): boolean {
  return /^[\p{L}\p{N}\p{M}_\-/]+$/u.test(t) && /[^\d/]/.test(t);
}

function inlineTags(text: string): string[] {
  const out: string[] = [];
  // '#' must start the text or follow whitespace: that excludes URL fragments (x#y), `## headings` and
  // [[Note#Heading]]; '# Heading' fails because a space can't start a tag.
  const re = /(^|\s)#([\p{L}\p{N}\p{M}_\-/]+)/gu;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push(m[2]!);
  return out;
}

/** The inline `#tags` of a piece of text (a task's line), without '#', as Obsidian reads them. */
export function inlineTagsIn(text: string): string[] {
  return inlineTags(text).map(cleanTag).filter(isValidTag);
}

/** The note's tags without '#', properties first, each spelling once (compared case-insensitively). */
export function noteTags(props: Record<string, unknown>, maskedBody: string): string[] {
  const fmTags = propertyValues(props, 'tags', 'tag')
    .flatMap(stringList)
    .flatMap((t) => t.split(/[\s,]+/));
  return dedupeIgnoringCase([...fmTags, ...inlineTags(maskedBody)].map(cleanTag).filter(isValidTag));
}
