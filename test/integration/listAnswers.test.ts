import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { FAR_PAST_MTIME, tempDir, useFastEmbedder, writeNotes } from '../helpers/fixtures.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { VaultService } from '../../src/services/vaultService.js';
import { isNotInNotesAnswer } from '../../src/agent/language.js';
import { LISTED_TASKS } from '../../src/agent/taskList.js';
import { createChatService } from '../../src/agent/chatService.js';
import { ScriptedModel } from '../helpers/scriptedModel.js';

/*
 * Answers that are lists, on a real index (SQLite + LanceDB, the bundled embedder), through the whole agent without
 * a chat model. Requests for the person's tasks (src/agent/taskRequest.ts, taskList.ts): the open checkboxes are
 * listed, each citing its note, narrowed by topic, tag, status and date; a how-to question about tasks, and a
 * request no task fits, go to search as before. A question that names a list (src/agent/sectionList.ts) is answered
 * with it, and a request for a note's summary with its outline (src/agent/noteOutline.ts).
 */
useFastEmbedder();

/** Wednesday 25 November 2026, local time: "this week" is 23–29 November. */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);

/** Forty chores: more than one answer lists, and more than one chunk holds (the list is put back together). */
const CHORES = Array.from({ length: 40 }, (_, i) => `- [ ] Chore number ${i + 1}: wipe shelf ${i + 1} in the pantry`);

const NOTES: Record<string, string> = {
  'Inbox.md': [
    '# Inbox',
    '',
    'Quick captures.',
    '',
    '- [ ] Renew the car insurance before the end of the year #admin',
    '- [ ] File the tax return 📅 2026-11-20',
    '- [ ] Ask [[Tom Becker|Tom]] whether he still has the spare drip hose',
    '- [x] Buy rye flour for the starter',
    '- [-] Cancelled: repaint the fence',
    '',
    'How I write tasks in a code block:',
    '',
    '```md',
    '- [ ] this example is not a task',
    '```',
  ].join('\n'),
  'Projects/Greenhouse.md': [
    '# Greenhouse',
    '',
    'Polycarbonate panels and an automatic vent opener.',
    '',
    '## Next steps',
    '',
    '- [ ] Order the vent opener 📅 2026-11-27',
    '- [ ] Level the ground behind the shed',
    '\t- [ ] Borrow a spirit level from Tom',
    '- [x] Measure the plot',
  ].join('\n'),
  'People/Tom Becker.md': '# Tom Becker\n\nNeighbour at number 14.\n\n- [ ] Return the drill\n',
  'Daily/2026-11-18.md':
    '# Wednesday\n\nCooked a lentil soup.\n\n- [ ] Water the greenhouse seedlings #garden\n\t- [ ] Check the soil first\n\n- [ ] Call mum\n',
  'Areas/Pantry.md': ['# Pantry', '', ...CHORES].join('\n'),
  'Recipes/Soup.md': '# Lentil soup\n\nLentils, carrots, cumin. Simmer for 25 minutes.\n',
  'Areas/Career.md': [
    '# Career',
    '',
    'I work as a backend engineer on the onboarding team.',
    '',
    '## Goals for 2027',
    '',
    '- Lead the onboarding v2 release end-to-end',
    '- Get comfortable with Rust for the new ingestion service',
    '- Give one internal tech talk',
  ].join('\n'),
  'Help/Checklists.md':
    '# Checklists\n\nTo create a task, start a list item with a pair of square brackets around a space.\n',
};

const ask = (service: VaultService, question: string) => askOnDay(service, question, TODAY);

describe('answers that are lists', () => {
  const tmp = tempDir('obq-tasks-');
  let vault: VaultService;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const dir = path.join(tmp.dir, 'vault');
    writeNotes(dir, NOTES, FAR_PAST_MTIME);
    vault = await VaultService.open({ vault: dir, dataDir: path.join(tmp.dir, 'data') });
    expect((await vault.sync()).added).toBe(Object.keys(NOTES).length);
  }, 300_000);

  afterAll(() => {
    vault?.close();
    tmp.cleanup();
  });

  it('"what\'s on my todo list" lists the open tasks, each citing its note, and counts the ones left out', async () => {
    const r = await ask(vault, "what's on my todo list");
    const open = 3 + 3 + 1 + 3 + CHORES.length;
    expect(r.answer.split('\n')[0]).toBe(`Open tasks in your notes (${open}):`);
    const listed = r.answer.split('\n').filter((l) => /^\s*- /.test(l));
    expect(listed).toHaveLength(LISTED_TASKS);
    expect(r.answer).toContain(`…and ${open - LISTED_TASKS} more.`);
    // Every listed task cites a note shown as a source; done, cancelled and code-block boxes are not tasks to do.
    for (const line of listed) expect(line).toMatch(/\[(\d+)\]$/);
    expect(r.answer).not.toMatch(/rye flour|repaint|this example/);
    // Wikilinks read as their labels.
    expect(r.answer).toContain('Ask Tom whether he still has the spare drip hose');
    const cited = new Set(listed.map((l) => Number(/\[(\d+)\]$/.exec(l)![1])));
    expect([...cited].sort()).toEqual(r.sources.map((s) => s.n));
  }, 120_000);

  it('a topic narrows the list to the tasks about it: in its note, or naming it, or under a task that does', async () => {
    const r = await ask(vault, 'what do I still need to do for the greenhouse?');
    expect(r.sources.map((s) => s.source)).toEqual(['Projects/Greenhouse.md', 'Daily/2026-11-18.md']);
    // A subtask goes with its parent ("Check the soil first"); a task after the list has ended does not ("Call mum").
    expect(r.answer).toMatch(
      /Order the vent opener.*\n.*Level the ground.*\n {2}- Borrow a spirit level.*\n.*Water the greenhouse seedlings.*\n {2}- Check the soil first/,
    );
    expect(r.answer).not.toMatch(/Measure the plot|drill|insurance|Call mum/);
    // The source points at the listed tasks' lines, so the preview opens the note there.
    const greenhouse = r.sources[0]!;
    expect([greenhouse.start_line, greenhouse.end_line]).toEqual([6, 8]);
  }, 120_000);

  it('a person: their note’s tasks and the tasks that link to them', async () => {
    const r = await ask(vault, 'what do I need to do for Tom?');
    expect(new Set(r.sources.map((s) => s.source))).toEqual(
      new Set(['People/Tom Becker.md', 'Inbox.md', 'Projects/Greenhouse.md']),
    );
    expect(r.sources[0]!.source).toBe('People/Tom Becker.md');
    expect(r.answer).toMatch(/Return the drill/);
  }, 120_000);

  it('a follow-up that names someone else lists their tasks, not both', async () => {
    // A follow-up is searched with the question before it only when a model decides the turn (steps/decide.ts): a
    // scripted one that always searches, proposing no query of its own, so the context attached is what is tested.
    const model = new ScriptedModel();
    model.fallbackJson = (turns) =>
      turns[0]!.content.startsWith('You are ObsiQuery')
        ? { action: 'retrieve_notes_tool', query: '', folder: '', tag: '' }
        : { refined_query_for_vector_search: '', filter_by_filenames: [], folder: '', tag: '' };
    model.fallbackText = '';
    const chat = await createChatService(vault, { model, today: () => TODAY, drafts: false });
    try {
      const first = await chat.ask('tasks-follow-up', 'what do I need to do for Tom?');
      expect(first.answer).toMatch(/Return the drill/);
      const next = await chat.ask('tasks-follow-up', 'and for the greenhouse?');
      expect(next.sources[0]?.source).toBe('Projects/Greenhouse.md');
      expect(next.answer).toMatch(/Order the vent opener/);
      expect(next.answer).not.toMatch(/Return the drill/);
    } finally {
      await chat.close();
    }
  }, 120_000);

  it('finished tasks, a tag, and a due date this week', async () => {
    const done = await ask(vault, 'which tasks did I finish?');
    expect(done.answer).toMatch(/^Finished tasks in your notes \(2\):/);
    expect(done.answer).toMatch(/rye flour/);
    expect(done.answer).toMatch(/Measure the plot/);

    const tagged = await ask(vault, 'what tasks are tagged #admin');
    expect(tagged.sources.map((s) => s.source)).toEqual(['Inbox.md']);
    expect(tagged.answer).toMatch(/^Open tasks in your notes \(1\):\n\n- Renew the car insurance/);

    const due = await ask(vault, 'which tasks are due this week');
    expect(due.answer).toMatch(/^Open tasks in your notes \(1\):\n\n- Order the vent opener/);
    const dueToo = await ask(vault, "what's due this week?");
    expect(dueToo.answer).toBe(due.answer);

    // Overdue: due before today (the 25th), open.
    const overdue = await ask(vault, "what's overdue?");
    expect(overdue.answer).toMatch(/^Open tasks in your notes \(1\):\n\n- File the tax return 📅 2026-11-20 \[1\]$/);
  }, 180_000);

  it('in Spanish and Japanese, with the fixed texts in the question’s language', async () => {
    const es = await ask(vault, '¿Qué tareas tengo pendientes?');
    expect(es.answer).toMatch(/^Tareas pendientes en tus notas \(\d+\):/);
    const ja = await ask(vault, 'やることリストを見せて');
    expect(ja.answer).toMatch(/^ノートの中の未完了のタスク（\d+件）：/);
  }, 120_000);

  it('"what are my career goals" is answered with the list under Career › Goals for 2027', async () => {
    const r = await ask(vault, 'what are my career goals');
    expect(r.sources.map((s) => s.source)).toEqual(['Areas/Career.md']);
    expect(r.answer).toBe(
      [
        'Career › Goals for 2027:',
        '',
        '- Lead the onboarding v2 release end-to-end [1]',
        '- Get comfortable with Rust for the new ingestion service [1]',
        '- Give one internal tech talk [1]',
      ].join('\n'),
    );
  }, 120_000);

  it('"summarize the greenhouse note" is the note’s outline, read whole from the index; an unnamed subject is searched', async () => {
    const r = await ask(vault, 'summarize the greenhouse note');
    expect(r.sources.map((s) => s.source)).toEqual(['Projects/Greenhouse.md']);
    expect(r.answer).toBe(
      'Greenhouse:\n\n- Polycarbonate panels and an automatic vent opener. [1]\n- Next steps: Order the vent opener 📅 2026-11-27 [1]',
    );
    const none = await ask(vault, 'tell me about quantum computing');
    expect(none.answer).not.toMatch(/^Greenhouse:/);
    expect(isNotInNotesAnswer(none.answer)).toBe(true);
  }, 120_000);

  it('a how-to question about tasks, and a request no task fits, are searched as before', async () => {
    const howTo = await ask(vault, 'How do I create a task?');
    expect(howTo.answer).not.toMatch(/tasks in your notes/);
    expect(howTo.sources[0]?.source).toBe('Help/Checklists.md');
    expect(howTo.answer).toMatch(/square brackets/);

    const noTask = await ask(vault, 'what do I need to do for the sailing club?');
    expect(noTask.answer).not.toMatch(/tasks in your notes/);
    expect(isNotInNotesAnswer(noTask.answer)).toBe(true);
  }, 180_000);
});
