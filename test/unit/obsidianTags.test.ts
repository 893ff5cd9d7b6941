import { describe, expect, it } from 'vitest';
import { noteTags } from '../../src/obsidian/tags.js';
import { noteAliases } from '../../src/obsidian/frontmatter.js';

/** Obsidian's tag and alias conventions on their own (src/obsidian), on already-parsed properties. */

describe('noteTags', () => {
  it('reads tags/tag properties in any case, split on spaces and commas, then inline #tags, each once', () => {
    const props = { Tags: ['#project/alpha', 'Reading'], tag: 'todo, later' };
    expect(noteTags(props, 'Notes on #reading and #ideas/ and x#fragment.')).toEqual([
      'project/alpha',
      'Reading',
      'todo',
      'later',
      'ideas',
    ]);
  });

  it('refuses what Obsidian refuses: purely numeric tags, headings and punctuation', () => {
    expect(noteTags({ tags: ['2026', 'a.b'] }, '# Heading\n#123 #1a #ok!')).toEqual(['1a', 'ok']);
  });
});

describe('noteAliases', () => {
  it('reads aliases and the older alias, a single value or a list, each spelling once', () => {
    expect(noteAliases({ aliases: ['Tea', 'Green tea'], Alias: 'tea', title: 'ignored' })).toEqual([
      'Tea',
      'Green tea',
    ]);
  });
});
