import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFastEmbedder } from '../helpers/fixtures.js';
import { syncedNotes } from '../helpers/syncedNotes.js';
import { askOnDay } from '../helpers/askOnDay.js';
import type { VaultService } from '../../src/services/vaultService.js';
import { inTheVaultsSpelling } from '../../src/store/sparse.js';
import { similaritySearch } from '../../src/search/similaritySearch.js';
import { isNotInNotesAnswer } from '../../src/agent/language.js';

/**
 * A person writes the English they learned; a vault may write the other spelling. "colour nodes in the graph by tag
 * or folder" over Obsidian's help, which writes "color", found the Graph view note by meaning, but BM25 matched
 * nothing for "colour" and no sentence of the note shared the word, so the answer was "not in your notes". A question
 * is now searched and answered in the vault's spelling (inTheVaultsSpelling); this vault writes American English in
 * its help notes and British English in its own (the kitchen note), so both directions are exercised.
 */
describe('a question in the other English spelling than the vault', () => {
  let service: VaultService;
  let close = () => {};

  beforeAll(async () => {
    useFastEmbedder();
    ({ service, close } = await syncedNotes({
      'Graph view.md':
        '# Graph view\n\nGraph view shows your notes as nodes.\n\n## Groups\n\nCreate groups of notes to distinguish them from each other using color. Click the colored circle to give the group a color.',
      'CSS snippets.md':
        '# CSS snippets\n\nA CSS snippet changes the color and size of headings. Put snippets in the snippets folder.',
      'Canvas.md': '# Canvas\n\nCanvas lays out notes, images and web pages side by side on an infinite board.',
      'Backlinks.md': '# Backlinks\n\nBacklinks lists the notes that link to the active note.',
      'Templates.md': '# Templates\n\nInsert a template with the date and the title of the note.',
      'Kitchen.md':
        '# Kitchen\n\nThe new tiles are grey with a matt finish. Ordered 14 square metres from the tile shop on Elm Road.',
    }));
  }, 300_000);
  afterAll(() => close());

  it('spells a word the vault never writes as the vault writes it, each way, keeping its case', () => {
    const db = service.index.db;
    expect(inTheVaultsSpelling(db, 'colour nodes in the graph by tag or folder')).toBe(
      'color nodes in the graph by tag or folder',
    );
    expect(inTheVaultsSpelling(db, 'Colour of headings?')).toBe('Color of headings?');
    expect(inTheVaultsSpelling(db, 'what gray are the kitchen tiles')).toBe('what grey are the kitchen tiles');
    expect(inTheVaultsSpelling(db, 'how many square meters of tiles')).toBe('how many square metres of tiles');
  });

  it('keeps a word the vault writes, or whose other spelling it never writes either', () => {
    const db = service.index.db;
    // "colored" is written as typed, and nothing here writes "favourite" or "favorite".
    expect(inTheVaultsSpelling(db, 'the colored circle')).toBe('the colored circle');
    expect(inTheVaultsSpelling(db, 'my favourite snippet')).toBe('my favourite snippet');
    // Only whole words: the letters of an accented word are no English word.
    expect(inTheVaultsSpelling(db, 'décolour, colourée')).toBe('décolour, colourée');
  });

  it('BM25 finds the notes by the word in its other spelling', async () => {
    const sparse = (query: string) =>
      similaritySearch(service.index, service.embedder, {
        refined_query_for_vector_search: query,
        metadata_filters: {},
        filter_by_filenames: [],
        k: 5,
        mode: 'sparse',
      });
    // Before, BM25 held no term for "colour" and found nothing at all.
    expect(new Set((await sparse('colour')).map((h) => h.source))).toEqual(
      new Set(['Graph view.md', 'CSS snippets.md']),
    );
    expect((await sparse('gray')).map((h) => h.source)).toEqual(['Kitchen.md']);
  });

  it('the agent answers from the note that writes the other spelling, and cites it', async () => {
    const r = await askOnDay(service, 'how do I colour groups of notes in the graph', new Date(2026, 10, 25));
    expect(isNotInNotesAnswer(r.answer)).toBe(false);
    expect(r.answer).toMatch(/color/);
    expect(r.sources.map((s) => s.source)).toContain('Graph view.md');
  }, 120_000);
});
