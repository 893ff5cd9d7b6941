import { describe, expect, it } from 'vitest';
import { parseTasks, taskHasTag } from '../../src/obsidian/tasks.js';
import { taskRequest } from '../../src/agent/taskRequest.js';

describe('tasks as Obsidian writes them (src/obsidian/tasks.ts)', () => {
  it('reads every list marker, the box, nesting, inline tags and a due date, with line numbers from firstLine', () => {
    const md = [
      '# Week',
      '- [ ] Return the drill #errand',
      '* [x] Pay the NUC seller',
      '+ [-] Call the plumber',
      '1. [/] Draft the API contract 📅 2026-12-01',
      '\t- [ ] Check the sale first [due:: 2026-11-30]',
      '- [] not a task (no character in the box)',
      '- [ ]no space after the box',
      'Plain line with - [ ] inside',
    ].join('\n');
    const tasks = parseTasks(md, 10);
    expect(tasks.map((t) => [t.line, t.status, t.depth])).toEqual([
      [11, 'open', 0],
      [12, 'done', 0],
      [13, 'cancelled', 0],
      [14, 'open', 0],
      [15, 'open', 1],
    ]);
    expect(tasks[0]!.tags).toEqual(['errand']);
    expect(tasks[3]!.due).toBe('2026-12-01');
    expect(tasks[4]!.due).toBe('2026-11-30');
    expect(tasks[4]!.text).toBe('Check the sale first [due:: 2026-11-30]');
  });

  it('a box inside fenced code is code, up to the fence that closes it', () => {
    const md = ['```md', '- [ ] example task', '~~~', '- [ ] still code', '```', '- [ ] real task'].join('\n');
    expect(parseTasks(md).map((t) => t.text)).toEqual(['real task']);
  });

  it('a task in a callout is a task, and a fence in a callout is code', () => {
    const md = [
      '> [!tip]- Tip',
      '> ```md',
      '> - [x] Milk',
      '> ```',
      '>',
      '> - [?] Eggs',
      '> > - [ ] Nested quote',
    ].join('\n');
    expect(parseTasks(md).map((t) => [t.line, t.status, t.text])).toEqual([
      [5, 'open', 'Eggs'],
      [6, 'open', 'Nested quote'],
    ]);
  });

  it('a tag filter matches the tag and the tags below it, with or without "#"', () => {
    const [t] = parseTasks('- [ ] Mount the box #project/garden');
    expect(taskHasTag(t!, '#project')).toBe(true);
    expect(taskHasTag(t!, 'project/garden')).toBe(true);
    expect(taskHasTag(t!, 'garden')).toBe(false);
    expect(taskHasTag(t!, 'proj')).toBe(false);
  });
});

describe('requests for the person’s tasks (src/agent/taskRequest.ts)', () => {
  it.each([
    ["what's on my todo list", 'open', '', 'en'],
    ['what are my open tasks?', 'open', '', 'en'],
    ['what do I still need to do for the Lisbon trip?', 'open', 'Lisbon trip', 'en'],
    ['which tasks did I finish?', 'done', '', 'en'],
    ['what tasks are tagged #idea', 'open', '#idea', 'en'],
    ['what are my #family tasks', 'open', '#family', 'en'],
    ['show my work to-dos', 'open', 'work', 'en'],
    ["what's due this week?", 'open', 'this week', 'en'],
    ['¿Qué tareas tengo pendientes para el viaje?', 'open', 'viaje', 'es'],
    ['Welche Aufgaben habe ich erledigt?', 'done', '', 'de'],
    ['quelles tâches me reste-t-il à faire pour le voyage ?', 'open', 'voyage', 'fr'],
    ['やることリストを見せて', 'open', '', 'ja'],
    ['我还有哪些待办事项？', 'open', '', 'zh'],
    ['남은 할 일 보여줘', 'open', '', 'ko'],
    // The languages told by letter n-grams (twenty-first session).
    ['Jakie mam zadania?', 'open', '', 'pl'],
    ['Co jeszcze muszę zrobić na wyjazd do Lizbony?', 'open', 'wyjazd Lizbony', 'pl'],
    ['Jaké úkoly jsem dokončil?', 'done', '', 'cs'],
    ['Görevlerim neler?', 'open', '', 'tr'],
    ['Vilka uppgifter har jag gjort?', 'done', '', 'sv'],
    ['Hvilke opgaver har jeg til haven?', 'open', 'haven', 'da'],
    ['Hva må jeg gjøre før turen?', 'open', 'turen', 'no'],
    ['Ce mai am de făcut pentru grădină?', 'open', 'grădină', 'ro'],
    ['Mitä minun pitää vielä tehdä?', 'open', '', 'fi'],
    ['Milyen feladataim vannak?', 'open', '', 'hu'],
    ['Які завдання я виконав?', 'done', '', 'uk'],
    ['Apa yang harus saya kerjakan untuk liburan?', 'open', 'liburan', 'id'],
  ])('%s → %s tasks about "%s" (%s)', (q, wanted, topic, lang) => {
    expect(taskRequest(q)).toEqual({ wanted, topic, lang });
  });

  it.each([
    ["what's overdue?", ''],
    ['which tasks are overdue for the greenhouse', 'greenhouse'],
    ['¿Qué tareas vencidas tengo?', ''],
    ['Welche Aufgaben sind überfällig?', ''],
  ])('%s asks for overdue tasks (about "%s")', (q, topic) => {
    expect(taskRequest(q)).toMatchObject({ wanted: 'open', topic, overdue: true });
  });

  it.each([
    'How do I create a task in Obsidian?',
    'What are the task commands of the CLI?',
    'what did I do last week',
    // A how-to question that ends like a request: the request's words must lead.
    'My sync storage is full, what do I need to do?',
    'Mein Sync-Speicherplatz ist voll, was muss ich tun?',
    // Spanish "todos" (all) is no to-do, nor "Todoist" a TODO.
    'contraer todos los encabezados de una nota muy larga',
    'integrate Todoist with my vault',
    '¿Cómo creo una tarea?',
    'タスクを作るには？',
    'Roam导出的{{[[TODO]]}}怎么转成复选框',
    '칸반 플러그인으로 할 일 보드 만들기',
    'Jak dodać zadanie do notatki?',
    'Hur skapar jag en uppgift?',
  ])('%s is not a request for the person’s tasks', (q) => {
    expect(taskRequest(q)).toBeNull();
  });
});
