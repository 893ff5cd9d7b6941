import { z } from 'zod';
import type { ChatModel, ChatTurn } from '../models/chatModel.js';
import { translateDates } from '../search/dates.js';
import { FILTER_STOPWORDS } from '../text/stopwords.js';
import { CJK } from '../text/segment.js';
import { WORD_CHAR } from '../text/wordCharacters.js';
import type { MetadataFilters } from '../shared/filters.js';
import type { IndexedNote } from '../store/noteNames.js';
import { FILTER_AGENT_PROMPT } from './prompts.js';

export interface FilterDecision {
  refined_query_for_vector_search: string;
  metadata_filters: MetadataFilters;
  filter_by_filenames: string[];
  /** The date phrase behind metadata_filters' dates, as the user wrote it ("yesterday"). */
  date_phrase?: string;
  /** Why the decision looks the way it does (shown in debug output and tests). */
  notes: string[];
}

const outputSchema = z.object({
  refined_query_for_vector_search: z.string(),
  filter_by_filenames: z.array(z.string()).default([]),
  folder: z.string().default(''),
  tag: z.string().default(''),
});

/**
 * Every string a model writes under a JSON grammar is bounded: the grammar lets a small model go on inside a free
 * string until its tokens run out, and then nothing parses. On a fresh machine's node-llama-cpp build the bundled 270M
 * model wrote "/p/s/1024/t/l/…" into a free string for 40 tokens (chatEndpoint.test.ts), and two of five filter
 * calls with free strings came back unparsable after 13-17 s, one of five bounded (bench/README.md, "Bounded strings").
 * A search query, a folder, a tag or a file name fits in this.
 */
export const MODEL_STRING = { type: 'string', maxLength: 200 } as const;

/** The JSON schema the model's output is constrained to (node-llama-cpp grammar). */
export const FILTER_JSON_SCHEMA = {
  type: 'object',
  properties: {
    refined_query_for_vector_search: MODEL_STRING,
    filter_by_filenames: { type: 'array', items: MODEL_STRING, maxItems: 5 },
    folder: MODEL_STRING,
    tag: MODEL_STRING,
  },
  required: ['refined_query_for_vector_search', 'filter_by_filenames', 'folder', 'tag'],
} as const;

/** The note list the model sees: full for small vaults, folders plus matching titles for large ones. */
export function summariseNotes(notes: readonly IndexedNote[], query: string, budget = 60): string {
  if (notes.length <= budget)
    return notes.map((n) => `- ${n.source}${n.aliases.length ? ` (aka ${n.aliases.join(', ')})` : ''}`).join('\n');
  const words = new Set(
    query
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => w.length > 3),
  );
  const relevant = notes
    .filter((n) =>
      [n.title, ...n.aliases].some((t) =>
        t
          .toLowerCase()
          .split(/\W+/)
          .some((w) => words.has(w)),
      ),
    )
    .slice(0, budget);
  const folders = [...new Set(notes.map((n) => n.source.split('/').slice(0, -1).join('/')).filter(Boolean))].slice(
    0,
    40,
  );
  return `Folders: ${folders.join(', ')}\nNotes whose titles match the query (of ${notes.length}):\n${relevant.map((n) => `- ${n.source}`).join('\n')}`;
}

/**
 * Step 1 of retrieve_notes_tool. The model proposes a refined query and filters under a JSON grammar; then
 * everything it says is checked: unknown files are dropped, folders and tags must exist, and a query that
 * lost all the user's words is replaced. Dates never come from the model: the deterministic translator
 * handles "last week" far more reliably than a small model can.
 */
export async function runFilterAgent(
  model: ChatModel | null,
  input: {
    query: string;
    recent: ChatTurn[];
    notes: readonly IndexedNote[];
    today: Date;
    knownTags?: string[];
    /**
     * Filters the main agent already proposed in its own decision (one model call instead of two): checked
     * exactly like the filter model's output, and no model is called.
     */
    proposed?: { folder?: string; tag?: string };
  },
  signal?: AbortSignal,
): Promise<FilterDecision> {
  const notes: string[] = [];
  const dated = translateDates(input.query, input.today);
  const base: FilterDecision = {
    refined_query_for_vector_search: dated.query || input.query,
    metadata_filters: dated.range ? { date_from: dated.range.from, date_to: dated.range.to } : {},
    filter_by_filenames: [],
    ...(dated.range && dated.matched ? { date_phrase: dated.matched } : {}),
    notes,
  };
  if (dated.range) notes.push(`date range ${dated.range.from}..${dated.range.to} from "${dated.matched}"`);
  if (input.proposed) {
    if (!input.proposed.folder && !input.proposed.tag) return base;
  } else if (!model) return base;

  let raw: unknown;
  if (input.proposed) {
    raw = {
      refined_query_for_vector_search: base.refined_query_for_vector_search,
      filter_by_filenames: [],
      folder: input.proposed.folder ?? '',
      tag: input.proposed.tag ?? '',
    };
  } else
    try {
      raw = await model!.completeJson(
        [
          { role: 'system', content: FILTER_AGENT_PROMPT },
          {
            role: 'user',
            content: `Today: ${input.today.toISOString().slice(0, 10)}\nNotes:\n${summariseNotes(input.notes, input.query)}\n\nRecent conversation:\n${input.recent
              .map((t) => `${t.role}: ${t.content.slice(0, 300)}`)
              .join('\n')}\n\nSearch query: ${dated.query || input.query}`,
          },
        ],
        FILTER_JSON_SCHEMA,
        { maxTokens: 120, signal },
      );
    } catch (err) {
      notes.push(`filter model failed: ${(err as Error).message}; no filters`);
      return base;
    }
  const parsed = outputSchema.safeParse(raw);
  if (!parsed.success) {
    notes.push('filter output unusable; no filters');
    return base;
  }
  const out = parsed.data;
  const known = new Map(input.notes.map((n) => [n.source.toLowerCase(), n.source]));
  const files = out.filter_by_filenames
    .map((f) => known.get(f.trim().toLowerCase()) ?? known.get(`${f.trim().toLowerCase()}.md`))
    .filter((f): f is string => !!f);
  if (files.length !== out.filter_by_filenames.length)
    notes.push(`dropped ${out.filter_by_filenames.length - files.length} unknown file name(s)`);
  // A file filter is only trusted when the user's own words name that note; small models love to guess.
  const userText = `${input.query} ${input.recent.map((t) => t.content).join(' ')}`.toLowerCase();
  const named = files.filter((f) => {
    const stem = f.split('/').pop()!.replace(/\.md$/i, '').toLowerCase();
    return userText.includes(stem);
  });
  if (named.length !== files.length) notes.push('ignored file filters the user did not name');

  const folders = new Set(input.notes.map((n) => n.source.split('/').slice(0, -1).join('/')).filter(Boolean));
  const folder = out.folder.trim().replace(/^\/+|\/+$/g, '');
  const folderOk = folder && folders.has(folder) && userText.includes(folder.toLowerCase().split('/').pop()!);
  const tag = out.tag.trim().replace(/^#/, '');
  const tagOk = tag && (input.knownTags ?? []).includes(tag.toLowerCase()) && userText.includes(tag.toLowerCase());

  return {
    refined_query_for_vector_search: acceptRefinedQuery(
      out.refined_query_for_vector_search,
      base.refined_query_for_vector_search,
      notes,
    ),
    metadata_filters: { ...base.metadata_filters, ...(folderOk ? { folder } : {}), ...(tagOk ? { tags: tag } : {}) },
    filter_by_filenames: named,
    ...(base.date_phrase ? { date_phrase: base.date_phrase } : {}),
    notes,
  };
}

/**
 * Whether the user's words could carry a filter: a folder's name, a known tag, or the words folder/tag. The
 * checks in runFilterAgent accept a proposed folder or tag only when the user's own words contain it, so when
 * this is false no proposal could be accepted (used to skip a decision call that could only rephrase).
 */
export function namesFolderOrTag(text: string, notes: readonly IndexedNote[], knownTags: string[]): boolean {
  const t = text.toLowerCase();
  if (/#[\p{L}\p{N}]|\b(folders?|tags?|tagged|directory)\b/iu.test(t)) return true;
  const folderNames = new Set(
    notes.map((n) => n.source.split('/').slice(0, -1).pop()?.toLowerCase() ?? '').filter((f) => f.length > 0),
  );
  for (const f of folderNames) if (t.includes(f)) return true;
  return knownTags.some((tag) => tag.length > 0 && t.includes(tag.toLowerCase()));
}

const NON_WORD = new RegExp(`[^${WORD_CHAR}]+`, 'u');

/**
 * The words of a message that could be searched for: three letters or more and not a stop word; two characters in
 * Chinese, Japanese and Korean, where most words are that short (Korean "오늘 서울 날씨 어때?" had none, and was answered
 * with a clarifying question instead of a search).
 */
export function contentWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(NON_WORD)
      .filter((w) => (w.length > 2 || (w.length === 2 && CJK.test(w))) && !FILTER_STOPWORDS.has(w)),
  );
}

/** True when the two texts share at least one content word (stop words do not count). */
export function sharesWords(a: string, b: string): boolean {
  const bw = contentWords(b);
  return [...contentWords(a)].some((w) => bw.has(w));
}

/** A rewrite must keep some of the original's words and stay a search phrase, or the original wins. */
export function acceptRefinedQuery(refined: string, original: string, notes: string[] = []): string {
  const r = refined.trim();
  if (!r || r.length > 300) {
    notes.push('refined query empty or too long; kept the original');
    return original;
  }
  const orig = contentWords(original);
  const overlap = [...contentWords(r)].filter((w) => orig.has(w)).length;
  if (orig.size > 0 && overlap === 0) {
    notes.push('refined query shares no words with the question; kept the original');
    return original;
  }
  return r;
}
