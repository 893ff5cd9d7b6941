/**
 * The answer to a request for the person's tasks (taskRequest.ts): the open (or finished) checkboxes of the indexed
 * notes, narrowed by the filters the filter agent chose (folder, files, tags, dates) and by the request's topic,
 * listed note by note with each task cited. Read from the index, never from the vault: the list holds what search
 * and citations can show. No model is asked, so the list is exact and immediate.
 */
import { ALIAS_SEPARATOR, type ChunkRecord, type IndexDb } from '../store/indexDb.js';
import { buildWhere } from '../store/whereClause.js';
import type { MetadataFilters } from '../shared/filters.js';
import type { SearchResult } from '../search/similaritySearch.js';
import { isoDate } from '../search/dates.js';
import { parseTasks, taskHasTag, type Task } from '../obsidian/tasks.js';
import { plainText } from '../text/sentences.js';
import { keyWordCount, keyWordLanguage, mayShareKeyWords, sharedDistinctiveKeyWords } from './relevance.js';
import { moreTasks, taskHeading, type TaskRequest } from './taskRequest.js';
import { digestPicks } from './dateScope.js';
import { noteAsSource, noteLines } from './noteLines.js';

/** How many tasks one answer lists; the rest are counted ("…and 12 more."). */
export const LISTED_TASKS = 20;

/** A note's tasks that fit a query, with the note's chunks and its lines. */
export interface NoteTasks {
  /** The note's first chunk: its title, aliases, path and date. */
  chunk: ChunkRecord;
  /** All its chunks, for the one a task is in (its heading). */
  chunks: ChunkRecord[];
  tasks: Task[];
  /** The note's lines as its chunks hold them (by line number), for the source preview. */
  lines: string[];
  /** Whether the note's own title or aliases name the request's topic. */
  titled: boolean;
  /** The note's date, or the day it last changed: newer notes come first. */
  day: string;
}

export interface TaskAnswer {
  text: string;
  /** One result per listed note, in citation order ([1] is the first). */
  results: SearchResult[];
}

/** Which tasks to find: the status, the notes (filters, files, link policy), tags and a topic. */
export interface TaskQuery {
  status: 'open' | 'done' | 'all';
  filters?: MetadataFilters;
  filenames?: string[];
  /** What the tasks should be about, in words ("Lisbon trip", "Tom"); '' for any. */
  topic?: string;
  /** Tags each task must carry (itself, or a task it is nested under), with or without "#". */
  tags?: string[];
  /** Only tasks due before this day ('YYYY-MM-DD'): overdue ones, when it is today. */
  dueBefore?: string;
  allowSource?: (source: string) => boolean;
}

/**
 * The tasks of the indexed notes that fit the query, note by note: notes whose title names the topic first, then
 * newer notes first (a note's date, else its last change); tasks in line order. A date range keeps a task due in it,
 * or, when it has no due date, a task in a note dated in it. A topic keeps the tasks of a note whose title or
 * aliases name it, and elsewhere the tasks whose text (links written out) or whose parent task's text shares at
 * least half of its key words (relevance.ts: stems, compound parts, kanji and katakana runs).
 */
export function findTasks(db: IndexDb, query: TaskQuery): NoteTasks[] {
  const { date_from, date_to, tags, ...where } = query.filters ?? {};
  const wantedTags = [...(tags === undefined ? [] : Array.isArray(tags) ? tags : [tags]), ...(query.tags ?? [])];
  const topic = query.topic?.trim() ?? '';
  const notes = notesWithTasks(db.chunksOfNotesWithTasks(buildWhere(where, query.filenames, 'c.')), query.allowSource);
  const lang = keyWordLanguage(topic, []);
  const needed = topic ? Math.max(1, Math.ceil(keyWordCount(topic, new Set(), lang) / 2)) : 0;
  // A cheap first look, since a vault can hold thousands of tasks.
  const may = mayShareKeyWords(topic, lang);
  const about = (text: string) =>
    needed === 0 || (may(text) && sharedDistinctiveKeyWords(topic, text, new Set(), '', lang) >= needed);
  const inDates = (t: Task, day: string) => {
    const d = t.due ?? day;
    return (!date_from || d >= date_from) && (!date_to || d <= date_to);
  };
  const kept: NoteTasks[] = [];
  for (const n of notes) {
    const titled = topic !== '' && about(`${n.chunk.title} ${n.chunk.aliases.split(ALIAS_SEPARATOR).join(' ')}`);
    const tasks = withParents(n.tasks, n.lines).filter(
      ({ task, parents }) =>
        (query.status === 'all' || task.status === query.status) &&
        inDates(task, n.day) &&
        (!query.dueBefore || (task.due !== undefined && task.due < query.dueBefore)) &&
        wantedTags.every((tag) => [task, ...parents].some((t) => taskHasTag(t, tag))) &&
        (titled || about([task, ...parents].map((t) => linkTargetsShown(t.text)).join(' '))),
    );
    if (tasks.length) kept.push({ ...n, tasks: tasks.map((t) => t.task), titled });
  }
  return kept.sort((a, b) => Number(b.titled) - Number(a.titled) || b.day.localeCompare(a.day));
}

/**
 * The tasks the request asks for, as an answer citing their notes; null when no task fits (the question then goes to
 * search: "what do I need to do to enable Sync" over a vault whose tasks say nothing of Sync is a how-to question).
 * A "#tag" in the request's topic is a tag the tasks must carry.
 */
export function answerTaskRequest(
  db: IndexDb,
  req: TaskRequest,
  scope: { filters: MetadataFilters; filenames: string[]; allowSource?: (source: string) => boolean; today: string },
): TaskAnswer | null {
  const words = req.topic.split(/\s+/).filter(Boolean);
  const { today, ...where } = scope;
  const notes = findTasks(db, {
    status: req.wanted,
    ...where,
    ...(req.overdue ? { dueBefore: today } : {}),
    topic: words.filter((w) => !w.startsWith('#')).join(' '),
    tags: words.filter((w) => w.startsWith('#') && w.length > 1),
  });
  return notes.length ? listed(notes, req) : null;
}

/** A line that keeps a list going: a list item, or an indented line under one. */
const IN_LIST = /^(?:[ \t]*>)*[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]|^(?:[ \t]*>)*[ \t]+\S/;

/**
 * Each task with the tasks it is nested under, nearest first: a subtask belongs to its parent's topic and tags. A
 * blank line or a paragraph between two tasks ends the list, and with it any nesting.
 */
function withParents(tasks: Task[], lines: string[]): { task: Task; parents: Task[] }[] {
  const stack: Task[] = [];
  return tasks.map((task) => {
    const prev = stack.at(-1);
    if (prev && !lines.slice(prev.line + 1, task.line).every((l) => IN_LIST.test(l ?? ''))) stack.length = 0;
    while (stack.length && stack.at(-1)!.depth >= task.depth) stack.pop();
    const parents = [...stack].reverse();
    stack.push(task);
    return { task, parents };
  });
}

/** A task's text with each wikilink's target written out beside its label ("[[Tom Becker|Tom]]" → "Tom Becker Tom"). */
function linkTargetsShown(text: string): string {
  return text.replace(/\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/g, (_m, target: string, label?: string) =>
    [target, label].filter(Boolean).join(' '),
  );
}

/** Each note's tasks, read from its chunks put back together line by line (noteLines). */
function notesWithTasks(chunks: ChunkRecord[], allowSource?: (source: string) => boolean): NoteTasks[] {
  const bySource = new Map<string, ChunkRecord[]>();
  for (const c of chunks) {
    if (allowSource && !allowSource(c.source)) continue;
    bySource.set(c.source, [...(bySource.get(c.source) ?? []), c]);
  }
  const notes: NoteTasks[] = [];
  for (const noteChunks of bySource.values()) {
    const lines = noteLines(noteChunks);
    const tasks = parseTasks(Array.from(lines, (l) => l ?? '').join('\n'));
    if (!tasks.length) continue;
    const first = noteChunks[0]!;
    notes.push({
      chunk: first,
      chunks: noteChunks,
      tasks,
      lines,
      titled: false,
      day: first.note_date ?? isoDate(new Date(first.mtime * 1000)),
    });
  }
  return notes;
}

/**
 * The answer: a heading, then up to LISTED_TASKS tasks note by note, each citing its note. Every note gets its turn
 * before any gets a second task (digestPicks, as a week's digest gives each day its line), so one long checklist
 * cannot fill the answer and hide the other notes' tasks.
 */
function listed(notes: NoteTasks[], req: TaskRequest): TaskAnswer {
  const total = notes.reduce((sum, n) => sum + n.tasks.length, 0);
  const lines = [taskHeading(req, total), ''];
  const results: SearchResult[] = [];
  const picks = digestPicks(
    notes.map((n) => n.tasks),
    LISTED_TASKS,
  );
  const shown = picks.length;
  for (const [i, n] of notes.entries()) {
    const tasks = picks.filter((p) => p.note === i).map((p) => p.text);
    if (!tasks.length) continue;
    results.push(resultFor(n, tasks, results.length + 1));
    const top = Math.min(...tasks.map((t) => t.depth));
    for (const t of tasks)
      lines.push(`${'  '.repeat(Math.min(t.depth - top, 3))}- ${plainText(t.text) || t.text} [${results.length}]`);
  }
  if (total > shown) lines.push('', moreTasks(req, total - shown));
  return { text: lines.join('\n'), results };
}

/** The note as a source: its listed tasks' lines, so the preview shows them and opens the note there. */
function resultFor(n: NoteTasks, tasks: Task[], rank: number): SearchResult {
  // The chunk the first listed task is in, for its heading ("Next week", not the note's first section).
  const line = tasks[0]!.line;
  const c = n.chunks.find((x) => x.start_line <= line && line <= x.end_line) ?? n.chunk;
  return noteAsSource(c, {
    page_content: tasks.map((t) => n.lines[t.line] ?? '').join('\n'),
    start_line: Math.min(...tasks.map((t) => t.line)),
    end_line: Math.max(...tasks.map((t) => t.line)),
    rank,
  });
}
