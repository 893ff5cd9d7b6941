/**
 * Tasks as Obsidian writes them: a list item that starts with a checkbox, "- [ ] Call the dentist". The box holds
 * one character: a space is an open task, "x" a done one; the Tasks plugin and many themes add "/" (in progress),
 * "-" (cancelled), ">" (forwarded) and others, which Obsidian itself shows as checked. Here a task is open unless
 * its box says done or cancelled, because "/", "!" or "?" mark work still to do.
 */

import { inlineTagsIn } from './tags.js';

export type TaskStatus = 'open' | 'done' | 'cancelled';

export interface Task {
  /** 0-based line of the note the task is on. */
  line: number;
  status: TaskStatus;
  /** The item's markdown after the checkbox ("Return [[Tom Becker|Tom]]'s drill #errand"). */
  text: string;
  /** Its own inline tags, lower-cased, without "#" ("errand", "project/garden"). */
  tags: string[];
  /** A due date the Tasks plugin ("📅 2026-12-01") or Dataview ("[due:: 2026-12-01]") way. */
  due?: string;
  /** How deep the item is nested (0 for a top-level item). */
  depth: number;
}

// A list marker ("-", "*", "+", "1.", "1)"), a box with one character, then the task's text.
const TASK_LINE = /^([ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+\[(.)\][ \t]+(\S.*)$/u;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
// A blockquote's or callout's "> " markers: a task or a code fence inside one is read as outside it.
const QUOTE = /^(?:[ \t]*>)+[ \t]?/;
const DUE = /(?:📅|🗓️?)\s*(\d{4}-\d{2}-\d{2})|\[due::\s*(\d{4}-\d{2}-\d{2})\s*\]/u;

function statusOf(box: string): TaskStatus {
  if (box === 'x' || box === 'X') return 'done';
  if (box === '-') return 'cancelled';
  return 'open';
}

/**
 * The tasks in a stretch of markdown whose first line is line `firstLine` of its note (a chunk's start_line), so
 * that tasks read from overlapping chunks of one note share their line numbers. Lines inside fenced code are code,
 * not tasks; a task in a blockquote or callout ("> - [ ] …") is a task, as Obsidian shows it.
 */
export function parseTasks(markdown: string, firstLine = 0): Task[] {
  const tasks: Task[] = [];
  let fence: string | null = null;
  markdown.split(/\r?\n/).forEach((quoted, i) => {
    const raw = quoted.replace(QUOTE, '');
    const opened = FENCE.exec(raw)?.[1];
    if (opened) {
      if (fence === null) fence = opened;
      else if (opened[0] === fence[0] && opened.length >= fence.length) fence = null;
      return;
    }
    if (fence !== null) return;
    const m = TASK_LINE.exec(raw);
    if (!m) return;
    const text = m[3]!.trimEnd();
    const due = DUE.exec(text);
    tasks.push({
      line: firstLine + i,
      status: statusOf(m[2]!),
      text,
      tags: inlineTagsIn(text).map((t) => t.toLowerCase()),
      ...(due ? { due: due[1] ?? due[2]! } : {}),
      // A tab or two spaces per level, as Obsidian indents.
      depth: Math.floor(m[1]!.replace(/\t/g, '  ').length / 2),
    });
  });
  return tasks;
}

/** Whether the task carries the tag or one below it ("project" matches "project/garden"), as tag filters do. */
export function taskHasTag(task: Task, tag: string): boolean {
  const t = tag.replace(/^#/, '').toLowerCase();
  return task.tags.some((own) => own === t || own.startsWith(`${t}/`));
}
