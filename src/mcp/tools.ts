import path from 'node:path';
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { sourceFilter } from '../pipeline/linkPolicy.js';
import { readNote } from '../pipeline/readNote.js';
import { resolveNotePath } from '../services/notePaths.js';
import { obsidianUri } from '../obsidian/uri.js';
import { syncInProgress } from '../pipeline/syncLock.js';
import type { NoteSummary } from '../store/indexDb.js';
import type { VaultReader } from './vaultReader.js';
import { errorMessage } from '../shared/errors.js';
import { findTasks } from '../agent/taskList.js';
import { searchNotes } from '../services/searchNotes.js';

/** What the tools need from the server: the index (opened on first use) and the optional local agent. */
export interface ToolContext {
  reader(): Promise<VaultReader>;
  /** True once the chat model has been loaded in this process (only `ask` loads it). */
  chatModelLoaded(): boolean;
  embedderLoaded(): boolean;
  ask?(question: string, signal: AbortSignal): Promise<AskAnswer>;
}

export interface AskAnswer {
  answer: string;
  sources: NoteLocation[];
  /** An answer citing nothing: the closest notes its search found, none of which answered. */
  searched: NoteLocation[];
}

interface NoteLocation {
  path: string;
  heading: string;
  start_line: number;
}

const noteLocation = z.object({ path: z.string(), heading: z.string(), start_line: z.number().int() });

/** A note's text beyond this many characters is cut; the model can page on with start_line. */
export const MAX_NOTE_CHARS = 100_000;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use an ISO date, YYYY-MM-DD.')
  // Date.parse accepts 2025-02-30 (it rolls over to March); a round trip does not.
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'Not a real calendar date.');
const notePath = z
  .string()
  .min(1)
  .max(4096)
  .describe(
    'Vault-relative path of the note, exactly as search_notes or list_notes return it, e.g. "Projects/Garden.md".',
  );
const lineNumber = z.number().int().min(1).max(10_000_000);

const searchHit = z.object({
  path: z.string().describe('Vault-relative path of the note'),
  title: z.string(),
  heading_path: z.string().describe('Headings above the passage, outermost first, joined by " > "'),
  start_line: z.number().int().describe('First line of the passage, 1-based'),
  end_line: z.number().int().describe('Last line of the passage, 1-based, inclusive'),
  score: z.number(),
  text: z.string().describe('The passage, as markdown'),
  obsidian_uri: z.string().describe('Opens the note in Obsidian'),
});

const noteListing = z.object({
  path: z.string(),
  title: z.string(),
  folder: z.string(),
  tags: z.array(z.string()),
  date: z.string().nullable().describe("The note's own date (daily note name or frontmatter), if any"),
  modified: z.string().describe('Last modification time of the file, ISO 8601'),
  obsidian_uri: z.string(),
});

const taskListing = z.object({
  path: z.string().describe('Vault-relative path of the note holding the task'),
  line: z.number().int().describe('Line of the task in the note, 1-based'),
  status: z.enum(['open', 'done', 'cancelled']),
  text: z.string().describe("The task's markdown after its checkbox"),
  tags: z.array(z.string()).describe("The task's own tags, without '#'"),
  due: z.string().nullable().describe('Due date (Tasks plugin 📅 or Dataview [due::]), if any'),
  obsidian_uri: z.string(),
});

/** The inputs of a paged listing: how many `things` per page, and how many to skip (the last page's next_offset). */
function pagingInput(things: string, max: number, byDefault: number) {
  return {
    limit: z
      .number()
      .int()
      .min(1)
      .max(max)
      .default(byDefault)
      .describe(`${things[0]!.toUpperCase()}${things.slice(1)} per page (1-${max}, default ${byDefault})`),
    offset: z.number().int().min(0).default(0).describe(`How many matching ${things} to skip (from next_offset)`),
  };
}

/** The output of a paged listing of `things`. */
function pagingOutput<T extends z.ZodTypeAny>(things: string, item: T) {
  return {
    total: z.number().int().describe(`How many ${things} match, over all pages`),
    [things]: z.array(item),
    next_offset: z.number().int().nullable().describe('Offset of the next page; null on the last page'),
  };
}

/** One page of `all`, the offset of the next (null on the last) and the line that ends the page's text. */
function onePage<T>(all: T[], args: { limit: number; offset: number }, thing: string) {
  const page = all.slice(args.offset, args.offset + args.limit);
  const next = args.offset + page.length < all.length ? args.offset + page.length : null;
  const footer = `\n\n${all.length} ${thing}(s) match${next !== null ? `; more with offset ${next}` : ''}.`;
  return { page, next, footer };
}

function ok(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * Every failure becomes a tool error the model can read and act on: a thrown error would reach the client
 * as a bare protocol error, and nothing here may take the server down.
 */
async function guarded(fn: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await fn();
  } catch (err) {
    return toolError(errorMessage(err));
  }
}

function splitTags(tags: string): string[] {
  return tags.split(',').filter(Boolean);
}

/** Local midnight of an ISO date, in epoch seconds: mtimes are stored in seconds and are local-time facts. */
function startOfDay(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime() / 1000;
}

function inFolder(noteFolder: string, folder: string): boolean {
  const f = folder.replace(/^\/+|\/+$/g, '').toLowerCase();
  const n = noteFolder.toLowerCase();
  return f === '' || n === f || n.startsWith(`${f}/`);
}

function hasTag(tags: string, tag: string): boolean {
  const t = tag.replace(/^#/, '').trim().toLowerCase();
  // Same rule as search filters: a parent tag also matches its nested tags.
  return tags.toLowerCase().includes(`,${t},`) || tags.toLowerCase().includes(`,${t}/`);
}

function listing(vault: string, n: NoteSummary): z.infer<typeof noteListing> {
  return {
    path: n.source,
    title: n.title,
    folder: n.folder,
    tags: splitTags(n.tags),
    date: n.note_date ?? null,
    modified: new Date(Number(n.mtime) * 1000).toISOString(),
    obsidian_uri: obsidianUri(vault, n.source),
  };
}

export function registerTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'search_notes',
    {
      title: 'Search notes',
      description:
        "Searches the user's Obsidian notes (hybrid semantic + keyword search over a local index) and returns the " +
        'best-matching passage of each matching note, best first, with its path, headings, line range and an ' +
        'obsidian:// link. Write the query as a short description of what you are looking for. Dates in the ' +
        'query ("last week", "in March 2025", "2026-01-18") filter notes by their date, as do date_from/date_to. ' +
        'An empty result means the notes do not cover it. Follow up with read_note to see a whole note.',
      inputSchema: {
        query: z.string().min(1).max(500).describe('What to look for, in natural language or keywords'),
        k: z.number().int().min(1).max(50).default(5).describe('How many notes to return (1-50, default 5)'),
        folder: z.string().max(1024).optional().describe('Only notes in this vault folder and below, e.g. "Projects"'),
        tags: z
          .array(z.string().min(1).max(256))
          .max(50)
          .optional()
          .describe('Only notes with any of these tags (with or without "#"); a parent tag includes nested tags'),
        files: z
          .array(notePath)
          .max(50)
          .optional()
          .describe('Only these notes (vault-relative paths), e.g. to search inside notes found earlier'),
        date_from: isoDate
          .optional()
          .describe("Only notes dated on or after this day (the note's date, else its last change)"),
        date_to: isoDate.optional().describe('Only notes dated on or before this day'),
      },
      outputSchema: { query: z.string(), results: z.array(searchHit) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        if (args.date_from && args.date_to && args.date_from > args.date_to)
          return toolError(`date_from (${args.date_from}) is after date_to (${args.date_to}).`);
        const r = await ctx.reader();
        // Why results are degraded or empty (keywords only, a date no note has) is for the assistant to read too.
        const embedder = await r.embedder();
        // An assistant told the query's language is not the index's can search again in the notes' language.
        const { hits, notices } = await searchNotes(r.index, embedder, {
          refined_query_for_vector_search: args.query,
          k: args.k,
          perNote: true,
          threshold: r.settings.threshold ?? undefined, // null = the model's calibrated gate
          allowSource: sourceFilter(r.vault, { followExternalLinks: r.settings.followExternalLinks }),
          metadata_filters: {
            folder: args.folder || undefined,
            tags: args.tags?.length ? args.tags : undefined,
            date_from: args.date_from,
            date_to: args.date_to,
          },
          filter_by_filenames: args.files?.length ? args.files : undefined,
        });
        const results = hits.map((h) => ({
          path: h.source,
          title: h.title,
          heading_path: h.header_path,
          start_line: h.start_line + 1,
          end_line: Math.max(h.start_line + 1, h.end_line),
          score: Number(h.score.toFixed(4)),
          text: h.page_content,
          obsidian_uri: obsidianUri(r.vault, h.source),
        }));
        const text = results.length
          ? results
              .map(
                (h, i) =>
                  `${i + 1}. ${h.path}${h.heading_path ? ` › ${h.heading_path}` : ''} (lines ${h.start_line}-${h.end_line}, score ${h.score})\n${h.obsidian_uri}\n${h.text}`,
              )
              .join('\n\n---\n\n')
          : 'Nothing relevant found in the notes.';
        return ok([...notices.map((n) => `Notice: ${n}`), text].join('\n\n'), { query: args.query, results });
      }),
  );

  server.registerTool(
    'read_note',
    {
      title: 'Read a note',
      description:
        "Returns the markdown of one of the user's indexed notes, whole or a line range. Paths are vault-relative " +
        'as returned by search_notes or list_notes; only indexed notes inside the vault can be read. Use ' +
        'start_line/end_line (1-based, inclusive) from a search hit to read around a passage.',
      inputSchema: {
        path: notePath,
        start_line: lineNumber.optional().describe('First line to return, 1-based (default: 1)'),
        end_line: lineNumber.optional().describe('Last line to return, inclusive (default: the end of the note)'),
      },
      outputSchema: {
        path: z.string(),
        title: z.string(),
        start_line: z.number().int(),
        end_line: z.number().int(),
        total_lines: z.number().int(),
        truncated: z.boolean(),
        obsidian_uri: z.string(),
        content: z.string(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        if (args.start_line && args.end_line && args.start_line > args.end_line)
          return toolError(`start_line (${args.start_line}) is after end_line (${args.end_line}).`);
        const r = await ctx.reader();
        const note = await readIndexedNote(r, args.path);
        const lines = note.content.split('\n');
        const start = args.start_line ?? 1;
        if (start > lines.length)
          return toolError(`start_line ${start} is past the end of ${args.path}, which has ${lines.length} lines.`);
        const end = Math.min(args.end_line ?? lines.length, lines.length);
        let content = lines.slice(start - 1, end).join('\n');
        const truncated = content.length > MAX_NOTE_CHARS;
        if (truncated) content = content.slice(0, MAX_NOTE_CHARS);
        const shownEnd = truncated ? start + content.split('\n').length - 1 : end;
        const header = `${args.path} (lines ${start}-${shownEnd} of ${lines.length})${truncated ? `; cut at ${MAX_NOTE_CHARS} characters, continue with start_line ${shownEnd}` : ''}`;
        return ok(`${header}\n${note.obsidian_uri}\n\n${content}`, {
          path: args.path,
          title: note.title,
          start_line: start,
          end_line: shownEnd,
          total_lines: lines.length,
          truncated,
          obsidian_uri: note.obsidian_uri,
          content,
        });
      }),
  );

  server.registerTool(
    'list_notes',
    {
      title: 'List notes',
      description:
        "Lists the user's indexed notes by path, optionally only those in a folder, with a tag, or modified after " +
        'a day; newest first when modified_after is given, else by path. Pages with offset: pass next_offset from ' +
        'the previous answer to get more.',
      inputSchema: {
        folder: z.string().max(1024).optional().describe('Only notes in this vault folder and below'),
        tag: z.string().min(1).max(256).optional().describe('Only notes with this tag (or a tag nested under it)'),
        modified_after: isoDate.optional().describe('Only notes changed on or after this day (YYYY-MM-DD)'),
        ...pagingInput('notes', 200, 50),
      },
      outputSchema: pagingOutput('notes', noteListing),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const r = await ctx.reader();
        let notes = r.index.db.noteSummaries();
        if (args.folder) notes = notes.filter((n) => inFolder(n.folder, args.folder!));
        if (args.tag) notes = notes.filter((n) => hasTag(n.tags, args.tag!));
        if (args.modified_after) {
          const since = startOfDay(args.modified_after);
          notes = notes.filter((n) => Number(n.mtime) >= since).sort((a, b) => Number(b.mtime) - Number(a.mtime));
        }
        const { page, next, footer } = onePage(notes, args, 'note');
        const listed = page.map((n) => listing(r.vault, n));
        const text =
          (listed.length
            ? listed.map((n) => `${n.path}  (${n.modified.slice(0, 10)})`).join('\n')
            : 'No notes match.') + footer;
        return ok(text, { total: notes.length, notes: listed, next_offset: next });
      }),
  );

  server.registerTool(
    'list_tasks',
    {
      title: 'List tasks',
      description:
        "Lists the tasks (Obsidian checkboxes, '- [ ] …') in the user's indexed notes: open ones by default, or done " +
        'ones, or all; optionally only those about a topic (words in the task, a task it is nested under, or the ' +
        "note's title), with a tag, in a folder or in given notes, or due (else dated) within a range. Note by note, " +
        'notes naming the topic first, then newest first. Pages with offset.',
      inputSchema: {
        status: z.enum(['open', 'done', 'all']).default('open').describe('Which tasks (default open)'),
        about: z.string().max(200).optional().describe('Only tasks about this, e.g. "Lisbon trip" or a person'),
        tag: z.string().min(1).max(256).optional().describe('Only tasks carrying this tag (or one nested under it)'),
        folder: z.string().max(1024).optional().describe('Only notes in this vault folder and below'),
        files: z.array(notePath).max(50).optional().describe('Only these notes (vault-relative paths)'),
        date_from: isoDate.optional().describe("Only tasks due on or after this day (undated: the note's date)"),
        date_to: isoDate.optional().describe("Only tasks due on or before this day (undated: the note's date)"),
        ...pagingInput('tasks', 500, 100),
      },
      outputSchema: pagingOutput('tasks', taskListing),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        if (args.date_from && args.date_to && args.date_from > args.date_to)
          return toolError(`date_from (${args.date_from}) is after date_to (${args.date_to}).`);
        const r = await ctx.reader();
        const all = findTasks(r.index.db, {
          status: args.status,
          topic: args.about,
          tags: args.tag ? [args.tag] : [],
          filters: { folder: args.folder || undefined, date_from: args.date_from, date_to: args.date_to },
          filenames: args.files,
          allowSource: sourceFilter(r.vault, { followExternalLinks: r.settings.followExternalLinks }),
        }).flatMap((n) =>
          n.tasks.map((t) => ({
            path: n.chunk.source,
            line: t.line + 1,
            status: t.status,
            text: t.text,
            tags: t.tags,
            due: t.due ?? null,
            obsidian_uri: obsidianUri(r.vault, n.chunk.source),
          })),
        );
        const { page, next, footer } = onePage(all, args, 'task');
        const box = { open: ' ', done: 'x', cancelled: '-' };
        const text =
          (page.length
            ? page.map((t) => `- [${box[t.status]}] ${t.text}  (${t.path}:${t.line})`).join('\n')
            : 'No tasks match.') + footer;
        return ok(text, { total: all.length, tasks: page, next_offset: next });
      }),
  );

  server.registerTool(
    'index_status',
    {
      title: 'Index status',
      description:
        "Reports the state of the local index of the user's notes: which vault, how many files are indexed, " +
        'pending or failed, when it was last synced and with which embedding model. This server only reads the ' +
        'index; the user updates it with `obsiquery sync` or the ObsiQuery app.',
      inputSchema: {},
      outputSchema: {
        vault: z.string(),
        data_dir: z.string(),
        embedding_model: z.string(),
        counts: z.record(z.string(), z.number()),
        last_sync: z
          .object({ started_at: z.string(), finished_at: z.string().nullable(), summary: z.unknown() })
          .nullable(),
        sync_running: z.boolean(),
        embedder_loaded: z.boolean(),
        chat_model_loaded: z.boolean(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(async () => {
        const r = await ctx.reader();
        const counts = r.index.db.countsByStatus();
        const last = r.index.db.lastSyncRun();
        const iso = (s: number) => new Date(s * 1000).toISOString();
        const status = {
          vault: r.vault,
          data_dir: r.dataDir,
          embedding_model: r.modelId,
          counts,
          last_sync: last
            ? {
                started_at: iso(last.started_at),
                finished_at: last.finished_at === null ? null : iso(last.finished_at),
                summary: last.summary,
              }
            : null,
          sync_running: syncInProgress(r.dataDir),
          embedder_loaded: ctx.embedderLoaded(),
          chat_model_loaded: ctx.chatModelLoaded(),
        };
        const text =
          `Vault: ${status.vault}\nIndex: ${status.data_dir}\nEmbedding model: ${status.embedding_model}\n` +
          `Files: ${counts.total} (${counts.completed} indexed, ${counts.pending} pending, ${counts.processing} processing, ${counts.failed} failed, ${counts.disabled} disabled); ${counts.chunks} chunks\n` +
          `Last sync: ${status.last_sync?.finished_at ?? 'never'}${status.sync_running ? ' (a sync is running now)' : ''}`;
        return ok(text, status);
      }),
  );

  const ask = ctx.ask;
  if (ask) {
    server.registerTool(
      'ask',
      {
        title: 'Ask the local assistant',
        description:
          "Has ObsiQuery's own local language model answer a question from the user's notes, with numbered " +
          'sources. Slow (it loads and runs a small model on this machine) and less capable than you: prefer ' +
          "search_notes and read_note, and use this only when the user asks for ObsiQuery's answer.",
        inputSchema: { question: z.string().min(1).max(4000).describe('The question, in natural language') },
        outputSchema: {
          answer: z.string(),
          sources: z.array(noteLocation),
          searched: z.array(noteLocation).describe('Only when the answer cites nothing: the closest notes searched'),
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      (args, extra) =>
        guarded(async () => {
          const r = await ask(args.question, extra.signal);
          const list = (title: string, notes: NoteLocation[]) =>
            notes.length
              ? `\n\n${title}:\n${notes.map((s, i) => `[${i + 1}] ${s.path}${s.heading ? ` › ${s.heading}` : ''} (line ${s.start_line})`).join('\n')}`
              : '';
          const text =
            r.answer +
            list('Sources', r.sources) +
            list('Closest notes searched (none of them answers it)', r.searched);
          return ok(text, { answer: r.answer, sources: r.sources, searched: r.searched });
        }),
    );
  }
}

/**
 * A note's markdown, the way the app's note:read gets it (same path resolution, symlink policy and decoding:
 * a binary, non-UTF-8 or oversized file is refused with the reason sync gives, never returned as mangled text),
 * and only if the index holds it: a file the user excluded or that was never synced is not ours to show.
 */
export async function readIndexedNote(
  r: VaultReader,
  source: string,
): Promise<{ title: string; content: string; obsidian_uri: string }> {
  const file = resolveNotePath(r.vault, source, { followExternalLinks: r.settings.followExternalLinks });
  const rel = source.split(/[\\/]/).join('/');
  const summary = r.index.db.noteSummary(rel);
  if (!summary)
    throw new Error(
      `${source} is not an indexed note of this vault (use list_notes or search_notes to find note paths).`,
    );
  // The size limit sync indexed it under, so a note is readable here exactly when it could be indexed.
  const { text } = await readNote(file, r.settings.maxNoteMB * 1024 * 1024);
  return {
    title: summary.title || path.basename(rel, '.md'),
    content: text,
    obsidian_uri: obsidianUri(r.vault, rel),
  };
}
