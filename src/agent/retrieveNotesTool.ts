import { tool } from '@langchain/core/tools';
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { z } from 'zod';
import type { ChatModel, ChatTurn } from '../models/chatModel.js';
import type { Embedder } from '../models/embedder.js';
import { withoutVectorsOnFailure } from '../models/openaiEmbedder.js';
import { MAX_QUERY_CHARS, searchInPeriod, similaritySearch, type SearchResult } from '../search/similaritySearch.js';
import type { Index } from '../store/openIndex.js';
import { chunksWritingPhrase, inTheVaultsSpelling, phraseWriters } from '../store/sparse.js';
import { obsidianUri } from '../obsidian/uri.js';
import { runFilterAgent, type FilterDecision } from './filterAgent.js';
import { withoutDatePhrase, type NothingDated } from '../search/emptyDateFilter.js';
import { isoDate } from '../search/dates.js';
import { questionLanguage } from './language.js';
import type { MetadataFilters } from '../shared/filters.js';
import { NOTHING_FOUND } from './prompts.js';
import { declinedNoteNames, namedNotes, notesCalledByName, questionKeyWords } from './relevance.js';
import { unmentioned } from './unmentioned.js';
import { synthesize } from './synthesizer.js';
import { unreadLanguageNotice } from './unreadLanguage.js';
import { citeDescribedNotes, linkedNoteChunk } from './describedNote.js';
import { citedNumbers, renumberCitations } from './citationMarks.js';
import { plainText } from '../text/sentences.js';
import type { DateScope } from './dateScope.js';
import { followUpTaskRequest, taskRequest } from './taskRequest.js';
import { answerTaskRequest } from './taskList.js';
import { noteNamedBy, noteOutline, summarySubject } from './noteOutline.js';
import { leadNoteOf, noteAbout, noteLead, noteTitledBy } from './noteLead.js';
import { definitionSubject, withoutLeadingArticle } from '../text/definitionQuestion.js';
import { mentionSubject } from '../text/mentionQuestion.js';
import { mentionList, MENTION_ROWS } from './noteMentions.js';

export interface SourceArtifact {
  n: number;
  source: string;
  title: string;
  section_title: string;
  start_line: number;
  end_line: number;
  obsidian_uri: string;
  excerpt: string;
  chunks: { chunk_id: string; start_line: number; end_line: number; text: string }[];
}

export interface RetrieveArtifact {
  query: string;
  decision: Omit<FilterDecision, 'notes'>;
  decisionNotes: string[];
  sources: SourceArtifact[];
  method: 'generated' | 'extractive' | 'none';
  /** The best match was weak (dense similarity below WEAK_MATCH): the main agent judges such a summary. */
  weak: boolean;
  /** The summary already reached the user sentence by sentence (ctx.onToken) as it was checked. */
  streamed: boolean;
  /** No note is dated when the question asks about, in a vault that keeps dated notes (emptyDateFilter.ts). */
  nothingDated?: NothingDated;
  /**
   * A refusal's closest notes: the notes the search showed (onSources) when no sentence of them answered. The answer
   * cites none of them, and the UI still lists them, so "not in your notes" shows where it looked: the right note is
   * among them for most refused questions (`npm run eval -- --answers`, "right note shown").
   */
  searched?: SourceArtifact[];
}

/** Below this dense similarity a best match is weak: the summary may miss the point, so it gets judged. */
export const WEAK_MATCH = 0.45;

/**
 * The synthesizer's context budget: chunks and characters per chunk the model reads. Prompt evaluation is
 * most of a small CPU model's time to first token; see bench/README.md ("ask") for the measurement behind
 * these numbers. Every retrieved chunk still counts for grounding and quoting. Overridable for the bench.
 */
export const PROMPT_CHUNKS = Number(process.env.OBSIQUERY_PROMPT_CHUNKS) || 3;
export const PROMPT_CHARS = Number(process.env.OBSIQUERY_PROMPT_CHARS) || 600;

/**
 * How many chunks the synthesizer's search asks for at least (the user's k when larger): the answer quotes from the
 * best chunks of several notes (ANSWER_POOL in synthesizer.ts), and with k = 5 one note often filled every slot.
 * The source cards shown while searching and the weak-match test still use the user's k. Chosen on the tuning
 * parts (docs/answer-quality.md).
 */
export const ANSWER_SEARCH_K = 10;

export interface RetrieveDeps {
  index: Index;
  embedder: Embedder;
  model: ChatModel | null;
  /**
   * Whether the synthesizer asks the model for a draft (default yes). Without one, the answer is the notes'
   * best sentences, and it streams as soon as they are picked (see draftsFor in chatService.ts).
   */
  drafts?: boolean;
  vault: string;
  k: number;
  threshold: number;
  today: () => Date;
  /** Which notes may be cited (the link policy, read per search so a changed setting applies at once). */
  allowSource?: () => (source: string) => boolean;
}

/** Per-call context the main graph hands the tool through config.configurable. */
export interface RetrieveCallContext {
  recent?: ChatTurn[];
  onStep?: (s: string) => void;
  signal?: AbortSignal;
  /** The retrieved notes, the moment the search ends (before the model writes), for the UI's source cards. */
  onSources?: (sources: SourceArtifact[]) => void;
  /**
   * Set when this summary can be the final answer as it is: checked sentences stream through it as they are
   * chosen, numbered like the final sources. Only a strong match streams (a weak one goes to the judge).
   */
  onToken?: (t: string) => void;
  /** Degraded retrieval the user should know about (keyword matches only while the embedding endpoint is down). */
  onNotice?: (notice: string) => void;
  /** The main agent already refined the query (and proposed filters) in its decision: no filter model call. */
  proposed?: { folder?: string; tag?: string };
}

const RetrieveState = Annotation.Root({
  query: Annotation<string>(),
  weak: Annotation<boolean>(),
  streamed: Annotation<boolean>(),
  recent: Annotation<ChatTurn[]>(),
  decision: Annotation<FilterDecision | null>(),
  results: Annotation<SearchResult[]>(),
  /** The query's words that no note holds (unknownWords): they make the synthesizer ask more of a sentence. */
  unknownWords: Annotation<string[]>(),
  nothingDated: Annotation<NothingDated | undefined>(),
  /** The date filter the results kept: the synthesizer counts the question's date as met (dateScope.ts). */
  dateScope: Annotation<DateScope | undefined>(),
  /**
   * The date the search could not use (its filter dropped, no note naming the time) and the question without it: the
   * words an answer must share. "上周五我做了什么？" over notes without dates is not about every line saying "周五".
   */
  droppedDate: Annotation<DateScope | undefined>(),
  summary: Annotation<string>(),
  artifact: Annotation<RetrieveArtifact | null>(),
});

/** The distinct notes of the results the search showed (its first k), best chunk each, in rank order. */
function closestNotes(results: SearchResult[], k: number, vault: string): SourceArtifact[] {
  const best = new Map<string, SearchResult>();
  for (const r of results.slice(0, k)) if (!best.has(r.source)) best.set(r.source, r);
  return toSources([...best.values()], vault);
}

/** Unique notes behind the cited chunks, numbered as the summary cites them. */
function toSources(results: SearchResult[], vault: string): SourceArtifact[] {
  return results.map((r, i) => ({
    n: i + 1,
    source: r.source,
    title: r.title,
    section_title: r.section_title,
    start_line: r.start_line,
    end_line: r.end_line,
    obsidian_uri: obsidianUri(vault, r.source),
    excerpt: plainText(r.page_content).slice(0, 280),
    chunks: [{ chunk_id: r.chunk_id, start_line: r.start_line, end_line: r.end_line, text: r.page_content }],
  }));
}

/**
 * Keeps only the cited results and renumbers the summary's [n] to match, so every source shown is one the
 * answer actually used, and several chunks of one note collapse into one source.
 */
export function keepCited(
  summary: string,
  cited: number[],
  results: SearchResult[],
  vault: string,
): { summary: string; sources: SourceArtifact[] } {
  const bySource = new Map<string, number>();
  const sources: SourceArtifact[] = [];
  const renumber = new Map<number, number>();
  for (const n of cited) {
    const r = results[n - 1];
    if (!r) continue;
    let target = bySource.get(r.source);
    if (target === undefined) {
      target = sources.length + 1;
      bySource.set(r.source, target);
      sources.push({ ...toSources([r], vault)[0]!, n: target });
    } else {
      const s = sources[target - 1]!;
      s.chunks.push({ chunk_id: r.chunk_id, start_line: r.start_line, end_line: r.end_line, text: r.page_content });
      s.start_line = Math.min(s.start_line, r.start_line);
      s.end_line = Math.max(s.end_line, r.end_line);
    }
    renumber.set(n, target);
  }
  const text = renumberCitations(summary, renumber, 'drop');
  return { summary: text.replace(/(\[\d+\])(\s*\1)+/g, '$1'), sources };
}

/**
 * The three-step subgraph: filter agent → similarity search → synthesizer. Four requests are answered from the notes
 * without search when they can be: a request for the person's tasks from the notes' checkboxes (taskList.ts), a
 * request for a note's summary from that note's outline (noteOutline.ts), a question asking which notes mention
 * something from the notes that write it (noteMentions.ts), and a question asking what or who a note's subject is
 * from that note's opening (noteLead.ts); when no task fits or no note is named, the question is searched as any
 * other.
 */
export function buildRetrieveGraph(deps: RetrieveDeps, ctx: RetrieveCallContext) {
  /** The state update of an answer made from the notes without search (null: hand the question to search). */
  const answerFromNotes = (
    s: typeof RetrieveState.State,
    found: { text: string; results: SearchResult[] } | null,
    done: string,
    notFound: string,
  ) => {
    const d = s.decision!;
    if (!found) {
      d.notes.push(`${notFound}; searched instead`);
      return {};
    }
    ctx.onSources?.(toSources(found.results, deps.vault));
    const cited = found.results.map((_r, i) => i + 1);
    const kept = keepCited(found.text, cited, found.results, deps.vault);
    ctx.onToken?.(kept.summary);
    return {
      summary: kept.summary,
      artifact: {
        query: s.query,
        decision: stripNotes(d),
        decisionNotes: [...d.notes, done],
        sources: kept.sources,
        method: 'extractive' as const,
        weak: false,
        streamed: !!ctx.onToken,
      },
    };
  };
  /**
   * The note whose opening answers a question asking what or who something is (leadNoteOf), if the person may see it.
   * Asked by the router and again by the `lead` node, so kept for the query: for "my sister" it reads the opening of
   * every note writing "sister".
   */
  let lead: { query: string; found: ReturnType<typeof leadNoteOf> } | null = null;
  const leadSource = (query: string): ReturnType<typeof leadNoteOf> => {
    if (lead?.query !== query) {
      const found = leadNoteOf(query, deps.index.db);
      lead = { query, found: found !== null && (deps.allowSource?.()(found.source) ?? true) ? found : null };
    }
    return lead.found;
  };
  return (
    new StateGraph(RetrieveState)
      .addNode('filter', async (s) => {
        ctx.onStep?.('Choosing filters…');
        const decision = await runFilterAgent(
          deps.model,
          {
            query: s.query,
            recent: s.recent,
            notes: deps.index.db.indexedNotes(),
            knownTags: deps.index.db.knownTags(),
            today: deps.today(),
            proposed: ctx.proposed,
          },
          ctx.signal,
        );
        return { decision };
      })
      .addNode('tasks', async (s) => {
        // "what's on my todo list": the notes' checkboxes, listed; nothing listed (no task fits) goes to search.
        ctx.onStep?.('Reading your tasks…');
        const d = s.decision!;
        // The date phrase is the filter's, not the topic's ("which tasks are due this week").
        const asked = withoutDatePhrase(s.query, d.date_phrase);
        let request = taskRequest(asked) ?? taskRequest(s.query)!;
        // A follow-up searched with the question it goes on from ("…for Tom? and for Maya?"): its own words lead.
        const said = s.recent.findLast((t) => t.role === 'user')?.content.trim();
        if (said && said !== s.query.trim() && s.query.trim().endsWith(said) && !taskRequest(said))
          request = followUpTaskRequest(request, withoutDatePhrase(said, d.date_phrase));
        const found = answerTaskRequest(deps.index.db, request, {
          filters: d.metadata_filters,
          filenames: d.filter_by_filenames,
          allowSource: deps.allowSource?.(),
          today: isoDate(deps.today()),
        });
        return answerFromNotes(s, found, "listed the notes' tasks", 'no task in the notes fits the request');
      })
      .addNode('outline', async (s) => {
        // "summarize the Lisbon trip note": the named note's outline; a subject that names no note goes to search.
        ctx.onStep?.('Reading the note…');
        const source = noteNamedBy(summarySubject(s.query)!, deps.index.db.indexedNotes());
        const allowed = source !== null && (deps.allowSource?.()(source) ?? true);
        const found = allowed ? noteOutline(deps.index.db.chunksOfNote(source)) : null;
        return answerFromNotes(s, found, `outlined ${source}`, 'no note is named by the request');
      })
      .addNode('mentions', async (s) => {
        // "which notes mention Tom": the notes that write the subject, each with its line; none goes to search.
        ctx.onStep?.('Reading your notes…');
        const subject = withoutLeadingArticle(mentionSubject(s.query)!);
        const allow = deps.allowSource?.();
        const writers = phraseWriters(deps.index.db, [subject], { rows: MENTION_ROWS });
        // The note the subject titles is listed even when the candidates read did not reach it (a common word).
        const titled = noteTitledBy(subject, deps.index.db.noteNames(), true);
        const sources = [...new Set([...(titled ? [titled] : []), ...writers.sources])].filter(
          (source) => allow?.(source) ?? true,
        );
        const found = mentionList(
          subject,
          deps.index.db.firstChunksOf(sources),
          (source) => deps.index.db.chunksOfNote(source),
          { titled, complete: writers.complete },
        );
        return answerFromNotes(s, found, `listed the notes that mention "${subject}"`, 'no note mentions the subject');
      })
      .addNode('lead', async (s) => {
        // "who is Lena", "what is Canvas": the opening of the note the subject names (leadSource); a note that opens
        // with nothing to quote goes to search.
        ctx.onStep?.('Reading the note…');
        const { source, byRelation } = leadSource(s.query)!;
        const found = noteLead(deps.index.db.chunksOfNote(source), { named: byRelation });
        return answerFromNotes(s, found, `quoted the opening of ${source}`, `${source} opens with nothing to quote`);
      })
      .addNode('search', async (s) => {
        ctx.onStep?.('Searching your notes…');
        const d = s.decision!;
        // A question about something the vault never names is not in the notes, however close its other words come.
        const asked = withoutDatePhrase(s.query, d.date_phrase);
        const { lacking, unknown: unknownToVault } = unmentioned(deps.index.db, asked);
        // A question the embedder cannot read is searched all the same (its shared words and names still find
        // notes), but never refused for words the notes lack: they lack every word of another language.
        const unread = unreadLanguageNotice(asked, deps.embedder.modelId);
        if (unread) {
          d.notes.push("the embedder does not read the question's language");
          ctx.onNotice?.(unread);
        }
        const unknown = unread ? [] : unknownToVault();
        if (unknown.length) {
          d.notes.push(`no note mentions ${unknown.map((w) => `"${w}"`).join(', ')}`);
          return { results: [], weak: true, unknownWords: lacking };
        }
        const input = (filters: MetadataFilters, files: string[]) => ({
          refined_query_for_vector_search: d.refined_query_for_vector_search,
          metadata_filters: filters,
          filter_by_filenames: files,
          k: Math.max(deps.k, ANSWER_SEARCH_K),
          threshold: deps.threshold,
          dateAware: false,
          allowSource: deps.allowSource?.(),
          onNotice: ctx.onNotice,
        });
        const search = (filters: MetadataFilters, files: string[]) =>
          similaritySearch(deps.index, deps.embedder, input(filters, files));
        const range =
          d.metadata_filters.date_from && d.metadata_filters.date_to
            ? { from: d.metadata_filters.date_from, to: d.metadata_filters.date_to }
            : null;
        let results: SearchResult[];
        let nothingDated: NothingDated | undefined;
        let droppedDate: DateScope | undefined;
        if (range) {
          const dated = {
            query: s.query,
            phrase: d.date_phrase ?? `${range.from}..${range.to}`,
            range,
            today: isoDate(deps.today()),
          };
          const found = await searchInPeriod(
            deps.index,
            deps.embedder,
            input(d.metadata_filters, d.filter_by_filenames),
            dated,
            questionLanguage(asked),
          );
          ({ results } = found);
          if (found.verdict?.kind === 'nothing-dated') {
            d.notes.push(found.verdict.note);
            if (found.mentioning === 0)
              return { results: [], weak: true, unknownWords: lacking, nothingDated: found.verdict.answer };
            // Notes that name the time are read first; if none answers, the honest answer is still that no note is
            // dated then (not "I couldn't find…").
            nothingDated = found.verdict.answer;
          }
          if (found.verdict?.kind === 'dropped') {
            d.notes.push(found.verdict.notice);
            ctx.onNotice?.(found.verdict.notice);
            // Unless notes name the time (searchInPeriod put them first): then the date is what the answer must be
            // about, as a date filter's is (dateScope), and the rest of the question says what of it.
            if (found.mentioning === 0) {
              const { date_from: _from, date_to: _to, ...undated } = d.metadata_filters;
              d.metadata_filters = undated;
              droppedDate = { ...range, rest: asked };
            }
          }
          if (found.mentioning) d.notes.push(`${found.mentioning} undated chunk(s) name the time asked about`);
        } else {
          results = await search(d.metadata_filters, d.filter_by_filenames);
        }
        if (
          results.length === 0 &&
          (d.filter_by_filenames.length || d.metadata_filters.folder || d.metadata_filters.tags)
        ) {
          // Filters a model chose can be wrong; an empty result under them is worth one unfiltered try.
          d.notes.push('no results under the chosen filters; retried without them');
          results = await search(
            d.metadata_filters.date_from
              ? { date_from: d.metadata_filters.date_from, date_to: d.metadata_filters.date_to }
              : {},
            [],
          );
        }
        const called = results.length
          ? []
          : notesCalledByName(asked, deps.index.db.noteNames()).flatMap((n) => n.sources);
        if (called.length) {
          // A question that calls a note by its name is about that note even where the embedder finds nothing close
          // enough: E5 put "Wie erreiche ich Maya am besten?" under its gate, and Maya's note ("Maya" is its alias)
          // was never read. Those notes are searched on their own (a search scoped to files is not gated), and the
          // answer rule decides whether a sentence of theirs answers.
          d.notes.push(`nothing passed the relevance gate; searched the notes the question names`);
          results = await search(d.metadata_filters, called);
        }
        const top = results.slice(0, deps.k);
        if (results.length) ctx.onSources?.(toSources(top, deps.vault));
        return {
          results,
          weak: !top.some((r) => (r.dense_score ?? 0) >= WEAK_MATCH),
          unknownWords: lacking,
          dateScope: dateScopeOf(d.metadata_filters, asked),
          droppedDate,
          ...(nothingDated ? { nothingDated } : {}),
        };
      })
      .addNode('synthesize', async (s) => {
        ctx.onStep?.('Writing the answer…');
        // "キャンバスとは何ですか": the subject names no note ("Canvas"), but search's first note is about it (noteAbout).
        const subject = definitionSubject(s.query);
        const first = s.results[0]?.source;
        // A subject without a key word is a pronoun or a function word ("what is it", "これは何"): nothing to be about.
        if (subject !== null && first !== undefined && questionKeyWords(subject).length > 0) {
          const chunks = deps.index.db.chunksOfNote(first);
          const about = noteAbout(subject, chunks, () => chunksWritingPhrase(deps.index.db, subject));
          const found = about ? noteLead(chunks) : null;
          if (found)
            return answerFromNotes(s, found, `quoted the opening of ${first}, the note about "${subject}"`, '');
        }
        const stream = !s.weak && ctx.onToken;
        const cited: number[] = [];
        // Notes a quoted hub line describes, cited after the search's results (describedNote.ts).
        const described: SearchResult[] = [];
        const citeDescribed = (text: string) =>
          citeDescribedNotes(text, s.results, described, (link) =>
            linkedNoteChunk(deps.index.db, link, deps.allowSource?.()),
          );
        const syn = await synthesize(
          deps.drafts === false ? null : deps.model,
          // Answer sentences are ranked by closeness to the question; with the endpoint down, by words alone.
          withoutVectorsOnFailure(deps.embedder),
          {
            query: s.query,
            chunks: s.results,
            recent: s.recent,
            unknownWords: s.unknownWords,
            dateScope: s.dateScope,
            droppedDate: s.droppedDate,
            namedNotes: namedNotes(s.query, deps.index.db.noteNames()),
            declinedNames: declinedNoteNames(s.query, deps.index.db.noteNames()),
          },
          {
            signal: ctx.signal,
            promptChunks: PROMPT_CHUNKS,
            promptChars: PROMPT_CHARS,
            onSentence: stream
              ? (said) => {
                  const sentence = citeDescribed(said);
                  // Numbered as keepCited will number the final sources: by first citation.
                  for (const n of citedNumbers(sentence)) if (!cited.includes(n)) cited.push(n);
                  stream(keepCited(sentence, cited, [...s.results, ...described], deps.vault).summary);
                }
              : undefined,
          },
        );
        const { decision } = s;
        const flags = { weak: s.weak, streamed: !!stream && cited.length > 0 };
        if (syn.notInNotes || !syn.answer) {
          return {
            summary: NOTHING_FOUND,
            artifact: {
              query: s.query,
              decision: stripNotes(decision!),
              decisionNotes: decision!.notes,
              sources: [],
              method: 'none' as const,
              ...flags,
              searched: closestNotes(s.results, deps.k, deps.vault),
              ...(s.nothingDated ? { nothingDated: s.nothingDated } : {}),
            },
          };
        }
        const answer = citeDescribed(syn.answer);
        const kept = keepCited(answer, citedNumbers(answer), [...s.results, ...described], deps.vault);
        return {
          summary: kept.summary,
          artifact: {
            query: s.query,
            decision: stripNotes(decision!),
            decisionNotes: decision!.notes,
            sources: kept.sources,
            method: syn.method,
            ...flags,
          },
        };
      })
      .addNode('nothing', async (s) => ({
        summary: NOTHING_FOUND,
        artifact: {
          query: s.query,
          decision: stripNotes(s.decision!),
          decisionNotes: s.decision!.notes,
          sources: [],
          method: 'none' as const,
          weak: true,
          streamed: false,
          ...(s.nothingDated ? { nothingDated: s.nothingDated } : {}),
        },
      }))
      .addEdge(START, 'filter')
      .addConditionalEdges(
        'filter',
        (s) =>
          taskRequest(s.query)
            ? 'tasks'
            : summarySubject(s.query)
              ? 'outline'
              : mentionSubject(s.query)
                ? 'mentions'
                : leadSource(s.query)
                  ? 'lead'
                  : 'search',
        ['tasks', 'outline', 'mentions', 'lead', 'search'],
      )
      .addConditionalEdges('tasks', (s) => (s.artifact ? END : 'search'), ['search', END])
      .addConditionalEdges('outline', (s) => (s.artifact ? END : 'search'), ['search', END])
      .addConditionalEdges('mentions', (s) => (s.artifact ? END : 'search'), ['search', END])
      .addConditionalEdges('lead', (s) => (s.artifact ? END : 'search'), ['search', END])
      // The synthesizer is never called on nothing: it could only invent.
      .addConditionalEdges('search', (s) => (s.results.length ? 'synthesize' : 'nothing'), ['synthesize', 'nothing'])
      .addEdge('synthesize', END)
      .addEdge('nothing', END)
      .compile()
  );
}

/** The date range the search kept, if any (a dropped date filter is no scope). */
function dateScopeOf(filters: MetadataFilters, rest: string): DateScope | undefined {
  return filters.date_from && filters.date_to ? { from: filters.date_from, to: filters.date_to, rest } : undefined;
}

function stripNotes(d: FilterDecision): Omit<FilterDecision, 'notes'> {
  const { notes: _notes, ...rest } = d;
  return rest;
}

export const RETRIEVE_TOOL_NAME = 'retrieve_notes_tool';

/** The longest query the tool takes: search's own limit (the tool's schema; callTool cuts a longer question to it). */
export { MAX_QUERY_CHARS };

/** The LangChain tool: content is the cited summary, artifact the sources (what the UI shows). */
export function makeRetrieveNotesTool(deps: RetrieveDeps) {
  return tool(
    async ({ query, folder, tag }, config) => {
      const ctx = ((config as { configurable?: { retrieve?: RetrieveCallContext } })?.configurable?.retrieve ??
        {}) as RetrieveCallContext;
      const graph = buildRetrieveGraph(deps, {
        ...ctx,
        proposed:
          ctx.proposed || folder !== undefined || tag !== undefined ? { ...ctx.proposed, folder, tag } : undefined,
      });
      const out = await graph.invoke(
        {
          // As the vault spells its words ("colour" where it writes "color"): what a sentence must share is the
          // vault's word, and every route below reads the question so.
          query: inTheVaultsSpelling(deps.index.db, query),
          recent: (ctx.recent ?? []).slice(-5),
          decision: null,
          results: [],
          unknownWords: [],
          summary: '',
          artifact: null,
          weak: false,
          streamed: false,
        },
        { signal: ctx.signal },
      );
      return [out.summary, out.artifact] as [string, RetrieveArtifact];
    },
    {
      name: RETRIEVE_TOOL_NAME,
      description: "Search the user's notes and return a cited summary of what they say about the query.",
      schema: z.object({
        query: z.string().min(1).max(MAX_QUERY_CHARS).describe('A self-contained search query'),
        folder: z.string().max(300).optional().describe('Only notes in this folder'),
        tag: z.string().max(100).optional().describe('Only notes with this tag'),
      }),
      responseFormat: 'content_and_artifact',
    },
  );
}
