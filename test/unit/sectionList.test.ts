import { describe, expect, it } from 'vitest';
import { sectionListAnswer } from '../../src/agent/sectionList.js';
import type { SearchResult } from '../../src/search/similaritySearch.js';

/** A retrieved chunk of `lines` starting at line `start` of the note. */
const chunk = (source: string, title: string, start: number, lines: string[]): SearchResult =>
  ({
    source,
    title,
    start_line: start,
    end_line: start + lines.length - 1,
    page_content: lines.join('\n'),
  }) as SearchResult;

const CAREER = [
  '# Career',
  '',
  'I work as a **backend engineer** on the onboarding team.',
  '',
  '## Goals for 2027',
  '',
  '- Lead the onboarding v2 release end-to-end',
  '- Get comfortable with [[Rust Cheat Sheet|Rust]]',
  '\t- nested detail, part of the item above',
  '- Give one internal tech talk',
  '',
  '## Learning',
  '',
  '- Reading a book a month',
  '- Rust: chapters 1–8 done',
];

describe('the list a question names (sectionList.ts)', () => {
  it('"what are my career goals": every key word in the title and headings, one in the section’s own heading', () => {
    const results = [chunk('Areas/Career.md', 'Career', 0, CAREER)];
    const a = sectionListAnswer('what are my career goals', results);
    expect(a).toEqual({
      text: [
        'Career › Goals for 2027:',
        '',
        '- Lead the onboarding v2 release end-to-end [1]',
        '- Get comfortable with Rust [1]',
        '- Give one internal tech talk [1]',
      ].join('\n'),
      cited: [1],
    });
    // Words that ask are no key words; "learning" is in a heading, "career" in the title.
    expect(sectionListAnswer('summarize what am I learning for my career', results)?.text).toMatch(
      /^Career › Learning:\n\n- Reading a book a month \[1\]\n- Rust: chapters 1–8 done \[1\]$/,
    );
  });

  it('a list split over two chunks of the note is put back together; steps stay numbered', () => {
    const steps = ['# Vaults', '', '## Rename a vault', '', '1. Open Obsidian.', '2. Select the vault profile.'];
    const results = [
      chunk('Other.md', 'Other', 0, ['# Other', 'Nothing here.']),
      chunk('Vaults.md', 'Vaults', 0, steps.slice(0, 5)),
      chunk('Vaults.md', 'Vaults', 4, [...steps.slice(4), '3. Choose Rename.']),
    ];
    expect(sectionListAnswer('how do I rename a vault', results)).toEqual({
      // The note is cited by the chunk its section starts in.
      text: 'Vaults › Rename a vault:\n\n1. Open Obsidian. [2]\n2. Select the vault profile. [2]\n3. Choose Rename. [2]',
      cited: [2],
    });
  });

  it('is no answer when the title alone names the note, a key word is missing, or the section is no list', () => {
    const results = [chunk('Areas/Career.md', 'Career', 0, CAREER)];
    expect(sectionListAnswer('what is my career', results)).toBeNull();
    expect(sectionListAnswer('what are my career goals for Spain', results)).toBeNull();
    expect(sectionListAnswer('what are my goals', results)).toBeNull();
    expect(
      sectionListAnswer('What did I do on 2026-11-03?', [
        chunk('Daily/2026-11-03.md', '2026-11-03', 0, ['# Tuesday, 3 November 2026', '- a', '- b']),
      ]),
    ).toBeNull();
    const prose = chunk('Areas/Career.md', 'Career', 0, [
      '# Career',
      '## Goals for 2027',
      'Ship the release. Learn Rust.',
    ]);
    expect(sectionListAnswer('what are my career goals', [prose])).toBeNull();
    // Only the best results are read: a note ranked fourth does not answer.
    const others = [1, 2, 3].map((i) => chunk(`N${i}.md`, `N${i}`, 0, ['# N', 'text']));
    expect(sectionListAnswer('what are my career goals', [...others, results[0]!])).toBeNull();
  });

  it('boxes in a fenced code block are no list', () => {
    const md = ['# Career', '## Goals', '```md', '- [ ] example', '- [ ] example two', '```'];
    expect(sectionListAnswer('what are my career goals', [chunk('Career.md', 'Career', 0, md)])).toBeNull();
  });
});

describe('words matched in the question’s language', () => {
  it('"Was sind die Zutaten der Suppe?" names the soup’s list: German, where "Suppe" is a part of "Kürbissuppe"', () => {
    // Without its function words the question ("Zutaten Suppe") read as English, and the title shared no word with it.
    const soup = [
      '# Kürbissuppe',
      '',
      'Für vier Personen.',
      '',
      '## Zutaten',
      '',
      '- 1 Hokkaido-Kürbis',
      '- 2 Karotten',
    ];
    const results = [chunk('Rezepte/Kürbissuppe.md', 'Kürbissuppe', 0, soup)];
    expect(sectionListAnswer('Was sind die Zutaten der Suppe?', results)?.text).toMatch(
      /^Kürbissuppe › Zutaten:\n\n- 1 Hokkaido-Kürbis \[1\]\n- 2 Karotten \[1\]/,
    );
  });
});

describe('a heading that only repeats the title’s words names no list', () => {
  it('"what is Obsidian Sync" is not "Set up Obsidian Sync › Log in with your Obsidian account"', () => {
    const steps = [
      '# Set up Obsidian Sync',
      '## Log in with your Obsidian account',
      '1. Open Settings.',
      '2. Select Log in.',
    ];
    expect(
      sectionListAnswer('what is Obsidian Sync', [chunk('Sync/Set up.md', 'Set up Obsidian Sync', 0, steps)]),
    ).toBeNull();
    // The same note does answer a question whose words the heading adds: "log in".
    expect(
      sectionListAnswer('how do I log in to Obsidian Sync', [chunk('Sync/Set up.md', 'Set up Obsidian Sync', 0, steps)])
        ?.text,
    ).toMatch(/^Set up Obsidian Sync › Log in with your Obsidian account:/);
  });
});
