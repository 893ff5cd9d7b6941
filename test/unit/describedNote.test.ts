import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citeDescribedNotes, describedLink, linkInSentence } from '../../src/agent/describedNote.js';
import type { SearchResult } from '../../src/search/similaritySearch.js';
import { corpusOhelp, corpusOhelpJa, sampleVault } from '../helpers/fixtures.js';

const corePlugins = readFileSync(path.join(corpusOhelp, 'Plugins/Core plugins.md'), 'utf8');
const corePluginsJa = readFileSync(path.join(corpusOhelpJa, 'プラグイン/コアプラグイン.md'), 'utf8');

function result(source: string, page_content: string): SearchResult {
  return {
    chunk_id: source,
    source,
    title: path.basename(source, '.md'),
    folder: path.dirname(source),
    section_title: '',
    header_path: '',
    chunk_index: 0,
    total_chunks: 1,
    start_line: 0,
    end_line: page_content.split('\n').length,
    tags: '',
    note_date: null,
    mtime: 0,
    page_content,
    score: 1,
    dense_score: null,
    sparse_score: null,
    rank: 1,
  };
}

// Hub notes list notes with a line about each: a sentence quoted from such a list describes the linked note.
describe('describedLink: the note a hub line describes', () => {
  it('is the link of the list item a sentence is nested under, in the help vault’s real hubs', () => {
    expect(describedLink(corePlugins, 'See all the links and unlinked mentions of a note.')).toBe('Backlinks');
    // A link with display text: the target, as resolveWikilink reads it.
    expect(describedLink(corePlugins, 'Create custom views that let you edit, sort, and filter files')).toBe(
      'Introduction to Bases|Bases',
    );
    expect(describedLink(corePluginsJa, 'リンクにホバーしてノートの内容をプレビューします。')).toBe('ページプレビュー');
  });

  it('is the link a map of content entry starts with ("- [[Note]] — what it is")', () => {
    const home = readFileSync(path.join(sampleVault, 'Home.md'), 'utf8');
    expect(describedLink(home, 'Lena Novak — my sister')).toBe('Lena Novak');
    expect(describedLink(home, 'Garden Irrigation — Arduino-controlled drip watering for the raised beds')).toBe(
      'Garden Irrigation',
    );
    expect(describedLink('- [[Finances]]: monthly budget and savings goals', 'Finances: monthly budget')).toBe(
      'Finances',
    );
  });

  it('is null for a sentence under a plain item, a heading or prose, and for one the note does not hold', () => {
    const note = [
      '## Setup',
      '',
      'Open the settings first.',
      '',
      '- Install the plugin',
      '\t- Then restart the app to load it.',
      '- See [[Canvas]] for boards',
      '\t- Boards hold cards.',
    ].join('\n');
    expect(describedLink(note, 'Open the settings first.')).toBeNull();
    expect(describedLink(note, 'Then restart the app to load it.')).toBeNull();
    // The parent mentions a link but is not one: it does not name what the line describes.
    expect(describedLink(note, 'Boards hold cards.')).toBeNull();
    expect(describedLink(note, 'A sentence from elsewhere.')).toBeNull();
    expect(describedLink(corePlugins, '')).toBeNull();
  });
});

describe('citeDescribedNotes', () => {
  const hub = result('Plugins/Core plugins.md', corePlugins);
  const other = result('Linking notes and files/Internal links.md', 'To link to a note, type [[ and its name.');
  const linked = (link: string) =>
    link === 'Backlinks' ? result('Plugins/Backlinks.md', 'Backlinks shows the notes linking to this one.') : null;

  it('cites the described note after the hub, numbered after the results, once however often it is quoted', () => {
    const extra: SearchResult[] = [];
    const answer =
      'See all the links and unlinked mentions of a note. [1] To link to a note, type [[ and its name. [2]';
    expect(citeDescribedNotes(answer, [hub, other], extra, linked)).toBe(
      'See all the links and unlinked mentions of a note. [1][3] To link to a note, type [[ and its name. [2]',
    );
    expect(extra.map((r) => r.source)).toEqual(['Plugins/Backlinks.md']);
    // A second sentence of the same answer (the streamed path calls it per sentence) reuses the number.
    expect(
      citeDescribedNotes(' See all the links and unlinked mentions of a note. [1]', [hub, other], extra, linked),
    ).toBe(' See all the links and unlinked mentions of a note. [1][3]');
    expect(extra).toHaveLength(1);
  });

  it('uses the result already holding the described note, and leaves a link nobody may open alone', () => {
    const backlinks = result('Plugins/Backlinks.md', 'Backlinks shows the notes linking to this one.');
    const extra: SearchResult[] = [];
    expect(
      citeDescribedNotes('See all the links and unlinked mentions of a note. [1]', [hub, backlinks], extra, linked),
    ).toBe('See all the links and unlinked mentions of a note. [1][2]');
    expect(extra).toEqual([]);
    const bookmarks = 'Save links to notes, headings, searches, and more. [1]';
    expect(citeDescribedNotes(bookmarks, [hub], extra, linked)).toBe(bookmarks);
  });
});

// A sentence that links one note points the person to it: "…using the [[Workspaces]] plugin." answers "save my layout
// of open panes", and the Workspaces note is where to read on; it was cited only as the Tabs note.
describe('a sentence linking one note cites it when search found it', () => {
  const tabs = result(
    'User interface/Tabs.md',
    '## Save a layout\n\nYou can save and restore window layouts using the [[Workspaces]] plugin. See [[#Stacked tabs]].\n' +
      'Pin a tab from its [[Context menu|menu]] or with [[Hotkeys]] in [[Settings]].',
  );
  const workspaces = result('Plugins/Workspaces.md', 'Workspaces saves the layout of open panes.');
  const notes: Record<string, SearchResult> = {
    Workspaces: workspaces,
    Settings: result('User interface/Settings.md', 'Settings.'),
    'Context menu': result('User interface/Context menu.md', 'Menus.'),
  };
  const linked = (link: string) => notes[link] ?? null;

  it('finds the one note a sentence links, not a heading of its own note, nor one of several', () => {
    const sentence = 'You can save and restore window layouts using the Workspaces plugin.';
    expect(linkInSentence(tabs.page_content, sentence)).toBe('Workspaces');
    expect(linkInSentence(tabs.page_content, 'See Stacked tabs.')).toBeNull();
    expect(linkInSentence(tabs.page_content, 'Pin a tab from its menu or with Hotkeys in Settings.')).toBeNull();
    expect(linkInSentence(tabs.page_content, 'Pin a tab from its menu')).toBe('Context menu');
    expect(linkInSentence(tabs.page_content, 'A sentence from elsewhere.')).toBeNull();
  });

  it('cites the linked note by its number among the results, and never adds one search did not find', () => {
    const answer = 'You can save and restore window layouts using the Workspaces plugin. [2]';
    const extra: SearchResult[] = [];
    expect(citeDescribedNotes(answer, [workspaces, tabs], extra, linked)).toBe(`${answer}[1]`);
    expect(citeDescribedNotes(answer.replace('[2]', '[1]'), [tabs], extra, linked)).toBe(answer.replace('[2]', '[1]'));
    expect(extra).toEqual([]);
  });
});
