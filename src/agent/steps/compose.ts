/**
 * Synthesize: the summaries of this question's searches become one answer. Several summaries are joined with
 * their citations renumbered, and the main agent may rewrite them into one answer that must pass the
 * grounding check sentence by sentence.
 */
import type { ToolMessage } from '@langchain/core/messages';
import type { SearchResult } from '../../search/similaritySearch.js';
import { FINAL_ANSWER_PROMPT, NOTHING_FOUND } from '../prompts.js';
import type { RetrieveArtifact, SourceArtifact } from '../retrieveNotesTool.js';
import { verifyAnswer } from '../synthesizer.js';
import { renumberCitations } from '../citationMarks.js';
import { splitSentences } from '../../text/sentences.js';
import { messageText, pseudoChunk } from './messages.js';
import type { AgentCallbacks, StepDeps } from './types.js';

/** Joins several tool summaries into one answer, renumbering citations so they stay unique. */
export function combineResults(results: ToolMessage[]): { answer: string; sources: SourceArtifact[] } {
  const sources: SourceArtifact[] = [];
  const parts: string[] = [];
  for (const r of results) {
    const artifact = r.artifact as RetrieveArtifact | undefined;
    const content = messageText(r);
    if (!artifact || artifact.sources.length === 0 || content === NOTHING_FOUND) continue;
    // The same note found by two searches is one source, not [1] and [3].
    const renumber = new Map<number, number>();
    for (const src of artifact.sources) {
      const existing = sources.find((x) => x.source === src.source);
      if (existing) renumber.set(src.n, existing.n);
      else {
        renumber.set(src.n, sources.length + 1);
        sources.push({ ...src, n: sources.length + 1 });
      }
    }
    parts.push(renumberCitations(content, renumber, 'keep'));
  }
  return { answer: parts.join('\n\n'), sources };
}

/** The closest notes of this question's searches that found nothing to say (RetrieveArtifact.searched), once each. */
export function searchedNotes(results: ToolMessage[]): SourceArtifact[] {
  const notes: SourceArtifact[] = [];
  for (const r of results)
    for (const src of (r.artifact as RetrieveArtifact | undefined)?.searched ?? [])
      if (!notes.some((x) => x.source === src.source)) notes.push({ ...src, n: notes.length + 1 });
  return notes;
}

/** The draft's sentences that pass the grounding check, each with the pseudo-chunk (1-based) supporting it. */
export function checkedSentences(
  draft: string,
  chunks: SearchResult[],
  question = '',
  minSupport?: number,
): { body: string; n: number }[] {
  return splitSentences(draft.replace(/[ \t]+/g, ' ')).flatMap((sentence) => {
    const v = verifyAnswer(sentence, chunks, question, minSupport);
    const n = v.cited[0];
    if (!v.text || !n) return [];
    return [{ body: v.text.replace(/\s*\[\d+\]\s*$/, '').trim(), n }];
  });
}

/**
 * Several summaries: the main agent writes the final answer from them, and keeps it only if every sentence
 * passes the grounding check against the notes behind the sources; otherwise the summaries themselves stand.
 */
export async function composeFinal(
  deps: Pick<StepDeps, 'model'>,
  question: string,
  combined: { answer: string; sources: SourceArtifact[] },
  c: AgentCallbacks,
): Promise<string> {
  if (!deps.model || combined.sources.length === 0) return combined.answer;
  c.onStep?.('Writing the answer…');
  const draft = await deps.model.complete(
    [
      { role: 'system', content: FINAL_ANSWER_PROMPT },
      { role: 'user', content: `Summaries:\n${combined.answer}\n\nQuestion: ${question}` },
    ],
    { maxTokens: 160, signal: c.signal },
  );
  const notes = combined.sources.map((s, i) => pseudoChunk(s.chunks.map((x) => x.text).join('\n') || s.excerpt, i));
  const drafted = splitSentences(draft.replace(/[ \t]+/g, ' ')).filter((x) => /\p{L}/u.test(x));
  const checked = checkedSentences(draft, notes, question);
  // Kept only whole: a final answer with some sentences dropped could lose what the summaries said.
  if (checked.length === 0 || checked.length < drafted.length) return combined.answer;
  return checked.map(({ body, n }) => body.replace(/([.!?]*)$/, ` [${combined.sources[n - 1]!.n}]$1`)).join(' ');
}
