import { describe, expect, it } from 'vitest';
import { noteNamedBy, noteOutline, summarySubject, OUTLINE_POINTS } from '../../src/agent/noteOutline.js';
import { noteChunk } from '../helpers/answerParts.js';

const chunk = noteChunk;

describe('requests for a note’s summary (noteOutline.ts)', () => {
  it.each([
    ['summarize the Lisbon trip note', 'the Lisbon trip note'],
    ['give me an overview of the home server migration', 'the home server migration'],
    ['Tell me about Maya?', 'Maya'],
    ["what's in my health note?", 'my health note'],
    ["what's on my shopping list?", 'my shopping list'],
    ['¿Me haces un resumen de la migración?', null],
    ['Resume la nota del viaje a Lisboa', 'la nota del viaje a Lisboa'],
    ['Fasse die Notiz zur Lissabon-Reise zusammen', 'die Notiz zur Lissabon-Reise'],
    ['Résume la note sur le voyage', 'la note sur le voyage'],
    ['リスボン旅行のノートを要約して', 'リスボン旅行のノート'],
    ['总结一下里斯本旅行', '里斯本旅行'],
    // English "resume" continues something; "what is X" asks a question, not for a summary.
    ['resume a download that got interrupted', null],
    ['what is Obsidian Sync', null],
  ])('%s → %s', (q, subject) => {
    expect(summarySubject(q)).toBe(subject);
  });

  it('the named note: every key word of the subject in its title or aliases, the shortest title first', () => {
    const notes = [
      { source: 'Projects/Lisbon Trip.md', title: 'Lisbon Trip', aliases: ['Portugal trip'] },
      { source: 'Resources/Sourdough Bread.md', title: 'Sourdough Bread', aliases: [] },
      { source: 'Resources/Sourdough Bread (old).md', title: 'Sourdough Bread (old attempts)', aliases: [] },
      { source: 'People/Maya Chen.md', title: 'Maya Chen', aliases: ['Maya'] },
    ];
    expect(noteNamedBy('the Lisbon trip note', notes)).toBe('Projects/Lisbon Trip.md');
    expect(noteNamedBy('my Portugal trip', notes)).toBe('Projects/Lisbon Trip.md');
    expect(noteNamedBy('my notes on sourdough', notes)).toBe('Resources/Sourdough Bread.md');
    expect(noteNamedBy('Maya', notes)).toBe('People/Maya Chen.md');
    expect(noteNamedBy('the Lisbon budget', notes)).toBeNull();
    expect(noteNamedBy('quantum computing', notes)).toBeNull();
  });

  it('the outline: the opening, then each section’s first sentence under its heading; no frontmatter, code or table', () => {
    const lines = [
      '---',
      'title: Home Server Migration',
      'tags: [project]',
      '---',
      '# Home Server Migration',
      '',
      'Moving all self-hosted services from the old Raspberry Pi to a second-hand NUC.',
      '',
      '## Network',
      '',
      '```sh',
      'ip addr add 192.168.1.40/24 dev eth0 # not a sentence to quote',
      '```',
      '',
      'New static IP for the box is 192.168.1.40, reserved on the router.',
      '',
      '## Services',
      '',
      '| Service | Port |',
      '| --- | --- |',
      '| Nextcloud | 8080 |',
    ];
    // Two overlapping chunks, as the index holds a longer note.
    const o = noteOutline([
      chunk('Home Server Migration', 0, lines.slice(0, 12)),
      chunk('Home Server Migration', 10, lines.slice(10)),
    ]);
    expect(o?.text).toBe(
      [
        'Home Server Migration:',
        '',
        '- Moving all self-hosted services from the old Raspberry Pi to a second-hand NUC. [1]',
        '- Network: New static IP for the box is 192.168.1.40, reserved on the router. [1]',
        '- Services: Nextcloud — Port: 8080 [1]',
      ].join('\n'),
    );
    expect(o?.results.map((r) => [r.source, r.start_line, r.end_line])).toEqual([['Home Server Migration.md', 0, 20]]);
  });

  it('a note that is one list is shown as its top-level items', () => {
    const list = ['# Shopping list', '', '- Milk', '- [ ] Eggs', '\t- the large ones', '- Rye flour'];
    expect(noteOutline([chunk('Shopping list', 0, list)])?.text).toBe(
      'Shopping list:\n\n- Milk [1]\n- Eggs [1]\n- Rye flour [1]',
    );
    // Prose with a short list in it is outlined by its sentences.
    const prose = [
      '# Trip',
      'We fly to Lisbon in April and stay for a week.',
      'Bring the adapters along.',
      '- a',
      '- b',
    ];
    expect(noteOutline([chunk('Trip', 0, prose)])?.text).toBe(
      'Trip:\n\n- We fly to Lisbon in April and stay for a week. [1]',
    );
  });

  it(`shows at most ${OUTLINE_POINTS} points, and nothing for a note without a sentence`, () => {
    const many = [
      '# Many',
      ...Array.from({ length: 9 }, (_, i) => [
        `## Part ${i}`,
        `This is the first sentence of part number ${i}.`,
      ]).flat(),
    ];
    expect(
      noteOutline([chunk('Many', 0, many)])!
        .text.split('\n')
        .filter((l) => l.startsWith('- ')),
    ).toHaveLength(OUTLINE_POINTS);
    expect(noteOutline([chunk('Stub', 0, ['# Stub', 'TODO', '', '## Later', 'tbd'])])).toBeNull();
  });
});
