/**
 * A stand-in backend for looking at the UI without the real one (`?mock=1`, or `?mock=empty` for onboarding).
 * Dev tooling only: main.tsx imports it behind `import.meta.env.DEV`, so production builds (Electron and web)
 * drop it entirely; test/shell/bundles.test.ts checks that no built bundle contains it.
 */
import type {
  EventChannel,
  EventPayload,
  LogRowT,
  Req,
  RequestChannel,
  Res,
  SettingsViewT,
} from '../../../shared/contract.js';
import type { RendererApi } from './api.js';
import { settingsSchema } from '../../../shared/settingsSchema.js';

const VAULT = '/Users/demo/Documents/Second Brain';

const NOTES: Record<string, string> = {
  'Projects/Garden planner.md': `---
title: Garden planner
tags: [project, garden]
status: active
created: 2026-03-02
aliases:
  - Vegetable garden
---
# Garden planner

A small app to plan the vegetable beds for the season, based on [[Companion planting]] and the frost dates in [[Climate notes#Frost dates|my climate notes]].

## Goals

- Plan **four raised beds** for spring
- Track sowing and harvest dates
- Rotate crops so no family returns to the same bed within three years

## Decisions

We decided to sow tomatoes indoors six weeks before the last frost, around **March 20**, and to transplant them in early May once nights stay above 10 °C.

Beans go where the tomatoes were last year: they fix nitrogen and follow heavy feeders well.

> [!tip] Watering
> Water deeply twice a week rather than a little every day; roots follow the water down.

## Open questions

1. Is a drip line worth it for four beds?
2. Which basil variety tolerates the afternoon shade?

\`\`\`ts
const lastFrost = new Date('2026-04-28');
const sowIndoors = addWeeks(lastFrost, -6);
\`\`\`
`,
  'Companion planting.md': `# Companion planting

Plants that grow well together. See also [[Projects/Garden planner]].

## Good pairs

| Plant | Companion | Why |
|---|---|---|
| Tomato | Basil | Repels thrips, better flavour (folk wisdom) |
| Carrot | Onion | Onion scent masks carrot fly |
| Beans | Corn | Corn is a trellis; beans fix nitrogen |

## Bad pairs

- Beans and onions stunt each other.
- Fennel is a bad neighbour for almost everything.

<script>window.__xss = 1</script> (raw HTML in a note is shown as text)
`,
  'Climate notes.md': `# Climate notes

Zone 7b. Summers are dry; the wet season runs from October to March.

## Frost dates

- Average last frost: **April 28**
- Average first frost: **October 30**

This leaves roughly 185 frost-free days, enough for long-season tomatoes.

## Rainfall

About 650 mm a year, mostly in winter.
`,
  'Daily/2026-11-16.md': `---
date: 2026-11-16
tags: daily
---
# Monday

- Ordered seeds for next year: two basil varieties and the Roma tomatoes.
- Call with Sam about the [[Projects/Garden planner|garden planner]] data model.
- Read about mulching: straw keeps the soil moist and suppresses weeds.
`,
  'Reading/Thinking in Systems.md': `# Thinking in Systems

Notes on Donella Meadows' book.

## Stocks and flows

A stock is what you can count at a moment; flows change it over time. Feedback loops connect them.

## Leverage points

Paradigms beat parameters: changing the goal of a system does more than tuning its numbers.
`,
};

const ANSWER = `Based on your notes, you plan to **sow tomatoes indoors around March 20**, six weeks before the average last frost on April 28 [1][2]. You then transplant them in early May, once nights stay above 10 °C [1].

A few related decisions:

- Beans follow last year's tomatoes, because they fix nitrogen after heavy feeders [1].
- Basil is planned as a companion for the tomatoes [3], and you ordered two varieties on Monday [4].

If you want, I can suggest a sowing calendar for the other beds.`;

function titleOf(source: string): string {
  return source.split('/').pop()!.replace(/\.md$/, '');
}

function uri(source: string): string {
  return `obsidian://open?vault=Second%20Brain&file=${encodeURIComponent(source)}`;
}

function cited(n: number, source: string, section: string, start: number, end: number) {
  return {
    n,
    source,
    title: titleOf(source),
    section_title: section,
    start_line: start,
    end_line: end,
    obsidian_uri: uri(source),
    excerpt: '',
  };
}

const SOURCES = [
  cited(1, 'Projects/Garden planner.md', 'Decisions', 18, 23),
  cited(2, 'Climate notes.md', 'Frost dates', 4, 8),
  cited(3, 'Companion planting.md', 'Good pairs', 4, 10),
  cited(4, 'Daily/2026-11-16.md', 'Monday', 4, 9),
];

function chunksOf(source: string) {
  const lines = (NOTES[source] ?? '').split('\n');
  const starts = lines.flatMap((l, i) => (/^#{1,6} /.test(l) ? [i] : []));
  if (starts[0] !== 0) starts.unshift(0);
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? lines.length;
    const heading =
      lines
        .slice(0, start + 1)
        .reverse()
        .find((l) => /^#{1,6} /.test(l)) ?? '';
    const text = lines.slice(start, end).join('\n').trim();
    return {
      chunk_id: `${source}#${i}`,
      chunk_index: i,
      section_title: heading.replace(/^#+\s*/, ''),
      header_path: heading.replace(/^#+\s*/, ''),
      start_line: start,
      end_line: end,
      token_count: Math.ceil(text.length / 4),
      contains_code: text.includes('```'),
      code_language: text.includes('```ts') ? 'ts' : '',
      tags: '',
      page_content: text,
    };
  });
}

function makeRows(): LogRowT[] {
  const now = Date.now() / 1000;
  const rows: LogRowT[] = Object.keys(NOTES).map((source, i) => ({
    id: i + 1,
    file_name: source.split('/').pop()!,
    file_path: `${VAULT}/${source}`,
    source,
    file_size: NOTES[source]!.length,
    last_modified: now - 3600 * (i + 1) * 7,
    last_ingested: now - 600 * (i + 1),
    num_chunks: chunksOf(source).length,
    status: 'completed',
    error_message: null,
    is_enabled: true,
  }));
  const start = Date.UTC(2019, 0, 1) / 1000;
  for (let i = 0; i < 2400; i++) {
    const day = new Date((start + i * 86_400) * 1000).toISOString().slice(0, 10);
    const failed = i % 211 === 17;
    const pending = i % 97 === 5;
    rows.push({
      id: 100 + i,
      file_name: `${day}.md`,
      file_path: `${VAULT}/Daily/${day.slice(0, 4)}/${day}.md`,
      source: `Daily/${day.slice(0, 4)}/${day}.md`,
      file_size: 400 + ((i * 37) % 3000),
      last_modified: start + i * 86_400 + 3600 * 20,
      last_ingested: failed || pending ? null : now - 86_400 * 2 - i * 13,
      num_chunks: failed || pending ? null : 1 + (i % 5),
      status: failed ? 'failed' : pending ? 'pending' : 'completed',
      error_message: failed ? 'Invalid frontmatter: unexpected end of the stream within a flow collection (3:1)' : null,
      is_enabled: i % 331 !== 40,
    });
  }
  return rows;
}

type Listener = (payload: unknown) => void;

export function createMockApi(opts: { empty?: boolean; crash?: boolean } = {}): RendererApi {
  const listeners = new Map<string, Set<Listener>>();
  const emit = <E extends EventChannel>(event: E, payload: EventPayload<E>) => {
    for (const fn of listeners.get(event) ?? []) fn(payload);
  };
  let vaults = opts.empty
    ? []
    : [
        { vault: VAULT, dataDir: '/Users/demo/Library/Application Support/ObsiQuery/second-brain', current: true },
        {
          vault: '/Users/demo/Work Notes',
          dataDir: '/Users/demo/Library/Application Support/ObsiQuery/work-notes',
          current: false,
        },
      ];
  const rows = makeRows();
  // The app's real defaults, so what the mock shows is what a new user gets.
  let settings: SettingsViewT = { ...settingsSchema.parse({}), autoThreshold: 0.22 };
  const threads = [
    { threadId: 't-garden', title: 'When should I sow tomatoes?', updatedAt: Date.now() / 1000 - 3600 },
    { threadId: 't-systems', title: 'Summarise Thinking in Systems', updatedAt: Date.now() / 1000 - 86_400 * 2 },
    { threadId: 't-week', title: 'What did I do last week?', updatedAt: Date.now() / 1000 - 86_400 * 6 },
  ];
  const runs = new Map<string, () => void>();
  if (opts.crash) {
    setTimeout(
      () => emit('worker:crashed', { message: 'Embedding worker ran out of memory on Daily/2024/2024-03-31.md' }),
      1200,
    );
  }
  let syncing = false;
  let paused = false;

  function counts() {
    const c = { pending: 0, processing: 0, completed: 0, failed: 0, disabled: 0, total: rows.length, chunks: 0 };
    for (const r of rows) {
      c[r.status]++;
      if (!r.is_enabled) c.disabled++;
      c.chunks += r.num_chunks ?? 0;
    }
    return c;
  }

  function simulateSync(total: number): void {
    if (syncing) return;
    syncing = true;
    let done = 0;
    const started = Date.now();
    emit('sync:progress', {
      phase: 'scanning',
      filesDone: 0,
      filesTotal: 0,
      chunksDone: 0,
      chunksPerSec: 0,
      etaSeconds: null,
    });
    const tick = setInterval(() => {
      done = Math.min(total, done + Math.ceil(total / 40));
      const secs = (Date.now() - started) / 1000;
      const rate = (done * 3.2) / Math.max(secs, 0.1);
      emit('sync:progress', {
        phase: done < total ? 'indexing' : 'finishing',
        filesDone: done,
        filesTotal: total,
        chunksDone: done * 3,
        chunksPerSec: rate,
        etaSeconds: ((total - done) * 3.2) / Math.max(rate, 1),
        currentFile: `Daily/2024/2024-0${1 + (done % 9)}-1${done % 10}.md`,
      });
      if (done >= total) {
        clearInterval(tick);
        syncing = false;
        emit('sync:done', {
          summary: {
            added: total,
            modified: 0,
            unchanged: 0,
            deleted: 0,
            failed: 0,
            links_refused: 0,
            chunks_added: total * 3,
            chunks_deleted: 0,
            duration_ms: Date.now() - started,
          },
          error: null,
        });
      }
    }, 250);
  }

  function streamAnswer(runId: string, question: string): void {
    const steps = ['Choosing filters…', `Searching your notes for “${question.slice(0, 40)}”…`, 'Writing the answer…'];
    const tokens = ANSWER.match(/\S+\s*/g) ?? [];
    let i = 0;
    let stepIndex = 0;
    let timer: ReturnType<typeof setTimeout>;
    const next = (): void => {
      if (stepIndex < steps.length) {
        emit('chat:step', { runId, step: steps[stepIndex++]! });
        timer = setTimeout(next, 500);
        return;
      }
      if (i < tokens.length) {
        emit('chat:token', { runId, token: tokens[i++]! });
        timer = setTimeout(next, 28);
        return;
      }
      runs.delete(runId);
      emit('chat:done', { runId, answer: ANSWER, sources: SOURCES, searched: [], stopped: false });
    };
    runs.set(runId, () => {
      clearTimeout(timer);
      runs.delete(runId);
      emit('chat:done', { runId, answer: '', sources: [], searched: [], stopped: true });
    });
    timer = setTimeout(next, 150);
  }

  const handlers: { [C in RequestChannel]: (req: Req<C>) => Res<C> | Promise<Res<C>> } = {
    'vault:list': () => vaults,
    'vault:inspect': ({ path }) => {
      if (!path.startsWith('/')) throw new Error(`Not a folder: ${path}`);
      return { path, noteCount: 342 };
    },
    'vault:add': ({ path }) => {
      vaults = [
        ...vaults.map((v) => ({ ...v, current: false })),
        { vault: path, dataDir: `${path}/.obsiquery`, current: true },
      ];
      emit('vault:changed', { vault: path });
      return vaults[vaults.length - 1]!;
    },
    'vault:select': ({ vault }) => {
      vaults = vaults.map((v) => ({ ...v, current: v.vault === vault }));
      emit('vault:changed', { vault });
      return vaults.find((v) => v.current)!;
    },
    'vault:pickFolder': () => ({ path: null }),
    'vault:browse': () => ({ path: '/home/you', parent: null, home: '/home/you', folders: [] }),
    'sync:start': () => {
      const wasIdle = !syncing && !paused;
      if (!paused) simulateSync(opts.empty ? 342 : 120);
      return { started: wasIdle };
    },
    'sync:pause': ({ paused: next }) => {
      paused = next;
      emit('sync:paused', { paused });
      return { paused };
    },
    'status:get': () => ({
      vault: vaults.find((v) => v.current)?.vault ?? null,
      dataDir: vaults.find((v) => v.current)?.dataDir ?? null,
      embeddingModel: 'Xenova/bge-small-en-v1.5 (384 dims)',
      embeddingModelSource: 'detected',
      embeddingModelReason: 'English vault: 342 notes, ~1,210 chunks',
      chatModel: 'Qwen3-4B-Instruct-Q4_K_M.gguf',
      counts: counts(),
      syncing,
      paused,
      lastSync: {
        started_at: Date.now() / 1000 - 1800,
        finished_at: Date.now() / 1000 - 1795,
        summary: {
          added: 3,
          modified: 12,
          unchanged: 2390,
          deleted: 1,
          failed: 11,
          links_refused: 0,
          chunks_added: 41,
          chunks_deleted: 38,
          duration_ms: 4820,
        },
      },
      repairs: [],
    }),
    'log:list': ({ status }) => (status ? rows.filter((r) => r.status === status) : rows.map((r) => ({ ...r }))),
    'log:setEnabled': ({ source, enabled }) => {
      const row = rows.find((r) => r.source === source);
      if (!row) throw new Error(`Unknown file ${source}`);
      row.is_enabled = enabled;
      return { ...row };
    },
    'log:retry': ({ source }) => {
      const row = rows.find((r) => r.source === source);
      if (row) Object.assign(row, { status: 'pending', error_message: null });
      emit('log:changed', { ids: row ? [row.id] : [] });
      return { started: true };
    },
    'log:chunks': ({ source }) =>
      NOTES[source]
        ? chunksOf(source)
        : [{ ...chunksOf('Climate notes.md')[0]!, page_content: `# ${titleOf(source)}\n\nA daily note.` }],
    'search:query': ({ query }) => {
      const terms = query
        .toLowerCase()
        .split(/\W+/)
        .filter((t) => t.length > 2);
      const hits = Object.keys(NOTES).flatMap((source) =>
        chunksOf(source).map((c) => {
          const text = c.page_content.toLowerCase();
          const score = terms.reduce((s, t) => s + (text.includes(t) ? 1 : 0), 0) / Math.max(terms.length, 1);
          return {
            source,
            title: titleOf(source),
            section_title: c.section_title,
            header_path: c.header_path,
            start_line: c.start_line,
            end_line: c.end_line,
            score,
            page_content: c.page_content,
          };
        }),
      );
      const best = new Map<string, (typeof hits)[number]>();
      for (const h of hits) if (h.score > 0 && (best.get(h.source)?.score ?? -1) < h.score) best.set(h.source, h);
      return {
        hits: [...best.values()].sort((a, b) => b.score - a.score).map((h) => ({ ...h, score: 0.55 + h.score * 0.4 })),
        notices: [],
      };
    },
    'note:read': ({ source }) => {
      const content = NOTES[source];
      if (content === undefined) throw new Error(`Note not found: ${source}`);
      return { source, title: titleOf(source), content, obsidian_uri: uri(source) };
    },
    'note:resolveLink': ({ target }) => {
      const name = target.split('#')[0]!.toLowerCase();
      const source = Object.keys(NOTES).find(
        (s) => s.toLowerCase().replace(/\.md$/, '') === name || titleOf(s).toLowerCase() === name,
      );
      return { source: source ?? null };
    },
    'note:open': ({ source }) => ({ uri: uri(source) }),
    'chat:send': ({ threadId, message }) => {
      const runId = `run-${Math.random().toString(36).slice(2)}`;
      if (!threads.some((t) => t.threadId === threadId))
        threads.unshift({ threadId, title: message.slice(0, 80), updatedAt: Date.now() / 1000 });
      streamAnswer(runId, message);
      return { runId };
    },
    'chat:stop': ({ runId }) => {
      const stop = runs.get(runId);
      stop?.();
      return { stopped: Boolean(stop) };
    },
    'chat:threads': () => [...threads],
    'chat:history': ({ threadId }) =>
      threadId === 't-garden'
        ? [
            { role: 'user', content: 'When should I sow tomatoes?', sources: [], searched: [] },
            { role: 'assistant', content: ANSWER, sources: SOURCES, searched: [] },
          ]
        : [],
    'settings:get': () => settings,
    'settings:set': (patch) => {
      settings = { ...settings, ...patch } as SettingsViewT;
      return settings;
    },
  };

  return {
    async invoke<C extends RequestChannel>(channel: C, request: Req<C>): Promise<Res<C>> {
      await new Promise((r) => setTimeout(r, 60));
      return (handlers[channel] as (req: Req<C>) => Res<C> | Promise<Res<C>>)(request);
    },
    on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as Listener);
      return () => set.delete(listener as Listener);
    },
  };
}
