import { describe, expect, it, vi } from 'vitest';
import { noteAbout, noteIntroducing, noteLead, noteTitledBy, LEAD_SENTENCES } from '../../src/agent/noteLead.js';
import { asksWho, definitionSubject, relationSubject } from '../../src/text/definitionQuestion.js';
import { NoteNames } from '../../src/store/noteNames.js';
import { noteChunk } from '../helpers/answerParts.js';

const chunk = noteChunk;

const note = (source: string, aliases: string[] = []) => ({
  source,
  title: source.replace(/^.*\//, '').replace(/\.md$/, ''),
  aliases,
});

describe('questions asking what or who something is (noteLead.ts)', () => {
  it.each([
    ['who is Lena', 'Lena'],
    ["what's Canvas?", 'Canvas'],
    ['What is the Lisbon Trip?', 'Lisbon Trip'],
    ['what are properties', 'properties'],
    ['what does Tom do for a living?', 'Tom'],
    ['¿Quién es Maya?', 'Maya'],
    ['¿Qué es Obsidian Sync?', 'Obsidian Sync'],
    ['Was ist der Lisbon Trip?', 'Lisbon Trip'],
    ["Qu'est-ce que Canvas ?", 'Canvas'],
    ['Qui est Lena ?', 'Lena'],
    ['O que é o Canvas?', 'Canvas'],
    ["Cos'è Canvas?", 'Canvas'],
    ['Wat is Canvas?', 'Canvas'],
    ['キャンバスとは何ですか', 'キャンバス'],
    ['Obsidian Syncって何？', 'Obsidian Sync'],
    ['什么是 Obsidian Sync？', 'Obsidian Sync'],
    ['白板是什么？', '白板'],
    ['캔버스는 무엇인가요?', '캔버스'],
    // The other languages the agent answers in (forty-seventh session).
    ['Кто такая Майя?', 'Майя'],
    ['Що таке Canvas?', 'Canvas'],
    ['Kim jest Maya?', 'Maya'],
    ['Kdo je Maya?', 'Maya'],
    ['Maya kimdir?', 'Maya'],
    ['Canvas là gì?', 'Canvas'],
    ['Apa itu Canvas?', 'Canvas'],
    ['Vem är Maya?', 'Maya'],
    ['Hvem er Tom?', 'Tom'],
    ['Cine este Maya?', 'Maya'],
    ['Kuka on Maya?', 'Maya'],
    ['Ki az a Maya?', 'Maya'],
    ['माया कौन है?', 'माया'],
    ['من هو توم؟', 'توم'],
    ['مایا کیست؟', 'مایا'],
    ['מי זאת מאיה?', 'מאיה'],
    ['Ποια είναι η Μάγια;', 'Μάγια'],
    ['มายาคือใคร', 'มายา'],
    // Russian writes no "is": "who plays the drums" asks who does something; Indonesian "apa" without "itu" asks what.
    ['Кто играет на барабанах в группе Майи?', null],
    ['Apa yang saya lakukan kemarin?', null],
    // No such question.
    ['how do I open the command palette', null],
    ['summarize the Lisbon trip note', null],
  ])('%s → %s', (q, subject) => {
    expect(definitionSubject(q)).toBe(subject);
  });

  it('names a note by its title or an alias, or a person by the first word of one title only', () => {
    const notes = new NoteNames([
      note('People/Lena Novak.md'),
      note('People/Tom Becker.md', ['Tom']),
      note('Plugins/Canvas.md'),
      note('Obsidian Sync/Introduction to Obsidian Sync.md', ['Obsidian Sync']),
      note('Obsidian Sync/Set up Obsidian Sync.md'),
      note('Obsidian Publish/Introduction to Obsidian Publish.md'),
      note('Lisbon Trip.md'),
    ]);
    expect(noteTitledBy('canvas', notes)).toBe('Plugins/Canvas.md');
    expect(noteTitledBy('Obsidian Sync', notes)).toBe('Obsidian Sync/Introduction to Obsidian Sync.md');
    expect(noteTitledBy('Tom', notes)).toBe('People/Tom Becker.md');
    // A first name names a person's note only when the question asks about someone.
    expect(noteTitledBy('Lena', notes, true)).toBe('People/Lena Novak.md');
    expect(noteTitledBy('Lena', notes)).toBeNull();
    expect(asksWho('who is Lena')).toBe(true);
    expect(asksWho('what does Tom do for a living?')).toBe(true);
    expect(asksWho('¿Quién es Maya?')).toBe(true);
    expect(asksWho('Lenaって誰？')).toBe(true);
    expect(asksWho('what is Canvas')).toBe(false);
    expect(asksWho('Was ist Canvas?')).toBe(false);
    expect(noteTitledBy('lisbon trip', notes)).toBe('Lisbon Trip.md');
    // A word some titles begin with is no one's name; a subject asking of something else names nothing.
    expect(noteTitledBy('Obsidian', notes)).toBeNull();
    expect(noteTitledBy('Lisbon', notes)).toBeNull();
    expect(noteTitledBy('Lisbon', notes, true)).toBe('Lisbon Trip.md');
    expect(noteTitledBy('capital of Portugal', notes)).toBeNull();
    expect(noteTitledBy("Tom's wife called", notes)).toBeNull();
  });

  it('compares names folded, and knows a note by its file name too, as search does (one lookup)', () => {
    const notes = new NoteNames([
      { source: 'Über uns.md', title: 'Über uns', aliases: [] },
      { source: 'Café Central.md', title: 'Café Central', aliases: ['Stammcafé'] },
      // The title comes from the note's first heading, not its file name.
      { source: 'Servers/atlas.md', title: 'Atlas: the home server', aliases: [] },
      { source: 'Ｗｉｄｅ Ｎｏｔｅ.md', title: 'Ｗｉｄｅ Ｎｏｔｅ', aliases: [] },
    ]);
    expect(noteTitledBy('über uns', notes)).toBe('Über uns.md');
    expect(noteTitledBy('UBER  UNS', notes)).toBe('Über uns.md');
    expect(noteTitledBy('cafe central', notes)).toBe('Café Central.md');
    expect(noteTitledBy('stammcafe', notes)).toBe('Café Central.md');
    expect(noteTitledBy('Atlas', notes)).toBe('Servers/atlas.md');
    expect(noteTitledBy('atlas: the home server', notes)).toBe('Servers/atlas.md');
    expect(noteTitledBy('wide note', notes)).toBe('Ｗｉｄｅ Ｎｏｔｅ.md');
    expect(notes.named('a')).toEqual([]);
    // Two notes of one name: both, by path; the agent quotes the first.
    const twins = new NoteNames([note('B/Ideas.md'), note('A/Ideas.md')]);
    expect(twins.named('ideas')).toEqual(['A/Ideas.md', 'B/Ideas.md']);
    expect(noteTitledBy('Ideas', twins)).toBe('A/Ideas.md');
  });

  it.each([
    // A person's job, asked of a name or of how they relate to the asker.
    ["what's the occupation of Tom", 'Tom', null],
    ['What is Lena’s job?', 'Lena', null],
    ['what does my sister work as?', 'sister', 'sister'],
    ['what does my brother do for a living', 'brother', 'brother'],
    ["what's my landlord's profession", 'landlord', 'landlord'],
    ['who is my older sister', 'older sister', 'older sister'],
    ['¿Quién es mi hermana?', 'hermana', 'hermana'],
    ['Wer ist meine Chefin?', 'Chefin', 'Chefin'],
    ['Was macht Maya beruflich?', 'Maya', null],
    ['Was macht meine Schwester beruflich?', 'Schwester', 'Schwester'],
    ['¿A qué se dedica mi hermana?', 'hermana', 'hermana'],
    ['Que fait ma sœur dans la vie ?', 'sœur', 'sœur'],
    ['私の妹の仕事は何？', '私の妹', '妹'],
    ['美雅是做什么的？', '美雅', null],
    ['我妹妹是做什么工作的？', '我妹妹', '妹妹'],
    // "my" before a thing: asked of no one.
    ['what is my wifi password', 'wifi password', null],
    ["what's my job", 'job', null],
    ['Was ist mein Beruf?', 'Beruf', null],
    ['who is Lena', 'Lena', null],
    ['what did my sister say about the trip', null, null],
    ['我的工作计划是什么？', '我的工作计划', null],
    ['¿En qué oficina trabaja Maya?', null, null],
  ])('%s → subject %s, relation %s', (q, subject, relation) => {
    expect(definitionSubject(q)).toBe(subject);
    expect(relationSubject(q)).toBe(relation);
  });

  it('finds the one note that introduces someone as the asker calls them, never a day note, never one of two', () => {
    const notes: Record<string, ReturnType<typeof chunk>[]> = {
      'Ines.md': [chunk('Ines', 0, ['# Ines', '', 'My younger sister. Graphic designer, moving to Porto.'])],
      'Calum.md': [chunk('Calum', 0, ['# Calum', '', 'Big brother. Paramedic in Glasgow.'])],
      // Writes "sister" below its opening: it introduces Calum, not a sister.
      'Calum2.md': [chunk('Calum2', 0, ['# Calum2', '', 'Big brother.', '', '## Family', '', 'His sister is Ines.'])],
      '2026-11-03.md': [chunk('2026-11-03', 0, ['# 2026-11-03', '', 'Called my sister about Christmas.'])],
      'Jim.md': [chunk('Jim', 0, ['# Jim', '', 'Allotment neighbour, plot 22.'])],
      'Tom.md': [chunk('Tom', 0, ['# Tom', '', 'Neighbour at number 14, retired electrician.'])],
    };
    const chunksOf = (source: string) => notes[source] ?? [];
    const all = Object.keys(notes);
    expect(noteIntroducing('sister', all, chunksOf)).toBe('Ines.md');
    expect(noteIntroducing('brothers', ['Calum.md'], chunksOf)).toBe('Calum.md');
    expect(noteIntroducing('brother', all, chunksOf)).toBeNull();
    expect(noteIntroducing('neighbour', all, chunksOf)).toBeNull();
    expect(noteIntroducing('neighbour', ['Jim.md', '2026-11-03.md'], chunksOf)).toBe('Jim.md');
    expect(noteIntroducing('cousin', all, chunksOf)).toBeNull();
    // Named by the note's title, since the opening says how they relate, not who they are.
    expect(noteLead(notes['Ines.md']!, { named: true })!.text).toBe(
      'Ines: My younger sister. [1] Graphic designer, moving to Porto. [1]',
    );
  });

  it("quotes the opening paragraph's first sentences, under the title heading and frontmatter", () => {
    const lead = noteLead([
      chunk('Tom Becker', 0, [
        '---',
        'aliases: [Tom]',
        '---',
        '',
        '# Tom Becker',
        '',
        'Neighbour at number 14, retired electrician. The person to ask about anything with wires',
        'or plants. Has a greenhouse.',
        '',
        '- Wife: Ingrid',
      ]),
    ]);
    expect(lead!.text).toBe(
      'Neighbour at number 14, retired electrician. [1] The person to ask about anything with wires or plants. [1]',
    );
    expect(LEAD_SENTENCES).toBe(2);
    // The source opens the note at the paragraph.
    expect(lead!.results[0]).toMatchObject({ source: 'Tom Becker.md', start_line: 6, end_line: 7 });
  });

  it('quotes the first items of a note that opens with a list, and the first section of one that opens with one', () => {
    const maya = noteLead([
      chunk('Maya Chen', 0, [
        '# Maya Chen',
        '',
        '- **Role:** senior product designer',
        '  - on the onboarding team',
        '- **Works with me since:** March 2025',
        '- **Based in:** Rotterdam',
        '',
        'Prefers Figma comments.',
      ]),
    ]);
    expect(maya!.text).toBe('Role: senior product designer [1] Works with me since: March 2025 [1]');
    const sectioned = noteLead([
      chunk('Garden', 0, ['## Plan', '', 'Drip watering for the raised beds.', '', '## Parts', '', '- Pump']),
    ]);
    expect(sectioned!.text).toBe('Drip watering for the raised beds. [1]');
    // A sentence that introduces what follows is no sentence of the answer.
    const steps = noteLead([
      chunk('Slash commands', 0, [
        'Run a command by typing a slash. To run a command with slash commands:',
        '',
        '1. Type /',
      ]),
    ]);
    expect(steps!.text).toBe('Run a command by typing a slash. [1]');
    // Only code, or nothing but headings: no opening to quote.
    expect(noteLead([chunk('Code', 0, ['# Code', '', '```sh', 'ls', '```'])])).toBeNull();
  });

  it('knows the note a subject is about though no name of it says so: it writes it most, and others seldom', () => {
    // The Japanese help's Canvas note: titled in Latin letters, written in katakana.
    const canvas = [
      chunk('Canvas', 0, ['Canvasはビジュアルなノート作成のためのコアプラグインです。']),
      chunk('Canvas', 2, ['新規キャンバスを作成を選択すると、キャンバスが作成されます。']),
      chunk('Canvas', 4, ['パンとズームを使用してキャンバスを移動します。']),
      chunk('Canvas', 6, ['Spaceを押しながらキャンバスをドラッグします。']),
    ];
    // Three of its four chunks, of five in the vault.
    expect(noteAbout('キャンバス', canvas, () => 5)).toBe(true);
    // Most chunks that write it are elsewhere: the vault is not about it here ("what is a note" in Obsidian's help).
    expect(noteAbout('キャンバス', canvas, () => 7)).toBe(false);
    // One chunk of four: a note that mentions it, not one about it.
    expect(noteAbout('キャンバス', [canvas[0]!, canvas[1]!, canvas[0]!, canvas[0]!], () => 1)).toBe(false);
    // ...and the vault is not counted for it (an FTS5 query per definition question).
    const vaultCount = vi.fn(() => 1);
    expect(noteAbout('キャンバス', [canvas[0]!, canvas[1]!, canvas[0]!, canvas[0]!], vaultCount)).toBe(false);
    expect(vaultCount).not.toHaveBeenCalled();
    // Two chunks at least: a note of one chunk that writes a word once is no article about it.
    expect(noteAbout('キャンバス', [canvas[2]!], () => 1)).toBe(false);
    // Latin words as words, in a row: "base" is not in "database", "vault" is in "vaults".
    const vault = [
      chunk('Manage vaults', 0, ['A vault is a folder on your file system.']),
      chunk('Manage vaults', 3, ['You can open several vaults at once, each with its database of settings.']),
    ];
    expect(noteAbout('vault', vault, () => 2)).toBe(true);
    expect(noteAbout('base', vault, () => 0)).toBe(false);
    expect(noteAbout('file system', vault, () => 1)).toBe(false);
    expect(noteAbout('the', [], () => 0)).toBe(false);
  });
});
