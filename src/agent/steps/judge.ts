/**
 * Judge: after a search, decide whether this question is answered. A first summary that was streamed is the
 * answer; a weak match is judged by the model, which may ask for one more search on a genuinely new gap;
 * otherwise the summaries so far are composed into the final answer.
 */
import type { ToolMessage } from '@langchain/core/messages';
import { JUDGE_PROMPT, NOTHING_FOUND } from '../prompts.js';
import { notInNotesFor, nothingDatedFor } from '../language.js';
import { MAX_QUERY_CHARS, type RetrieveArtifact } from '../retrieveNotesTool.js';
import { acceptRefinedQuery, MODEL_STRING } from '../filterAgent.js';
import { combineResults, composeFinal, searchedNotes } from './compose.js';
import { callTool, currentExchange, finalAnswer, messageText, streamedAnswer, turnsBefore } from './messages.js';
import { withContext } from './decide.js';
import type { AgentCallbacks, StepDeps, StepState, StepUpdate } from './types.js';

const VERDICT_SCHEMA = {
  type: 'object',
  properties: { sufficient: { type: 'boolean' }, missing: MODEL_STRING },
  required: ['sufficient', 'missing'],
} as const;

export async function judge(deps: StepDeps, state: StepState, c: AgentCallbacks): Promise<StepUpdate> {
  const { question, toolResults, queries } = currentExchange(state.messages);
  const last = toolResults.at(-1)!;
  const artifact = last.artifact as RetrieveArtifact | undefined;
  const found = messageText(last) !== NOTHING_FOUND;
  const combined = combineResults(toolResults);
  // The first summary already reached the user as it was checked: it is the answer.
  if (toolResults.length === 1 && found && artifact?.streamed) return finalAnswer(combined.answer, combined.sources);
  const finish = async () => {
    const answer =
      toolResults.filter((r) => messageText(r) !== NOTHING_FOUND).length > 1
        ? await composeFinal(deps, question, combined, c)
        : combined.answer;
    return streamedAnswer(answer || refusalFor(question, toolResults), combined.sources, c, searchedNotes(toolResults));
  };
  if (state.toolCalls >= deps.maxToolCalls) return finish();
  if (!found) {
    // Insufficient: try once more with the user's own words if the first query was a rewrite. A follow-up's own words
    // come with what it goes on from (withContext): alone, "what should I bring to it" (after "when is my dentist
    // appointment") found "Bring him a sourdough loaf" in the neighbour's note, and that was the answer.
    const own = withContext(question, turnsBefore(state.messages));
    if (!queries.includes(own) && own.length <= MAX_QUERY_CHARS) return callTool(own, state.toolCalls);
    return finish();
  }
  // Only a weak match is judged: a strong one answers, and the judge's model call is saved.
  if (deps.model && deps.judgeWeakMatches !== false && artifact?.weak !== false) {
    c.onStep?.('Checking the answer…');
    const verdict = (await deps.model.completeJson(
      [
        { role: 'system', content: JUDGE_PROMPT },
        { role: 'user', content: `Question: ${question}\nSummary: ${combined.answer}` },
      ],
      VERDICT_SCHEMA,
      { maxTokens: 60, signal: c.signal },
    )) as { sufficient?: boolean; missing?: string } | null;
    const missing = typeof verdict?.missing === 'string' ? verdict.missing.trim() : '';
    // Only re-query for a genuinely new, on-topic gap; a small model's "insufficient" alone is not enough.
    if (
      verdict?.sufficient === false &&
      missing &&
      !queries.includes(missing) &&
      acceptRefinedQuery(missing, question) === missing
    ) {
      return callTool(missing, state.toolCalls);
    }
  }
  return finish();
}

/** "Not in your notes", or, when a search found no note dated on the day asked about, that honest answer. */
function refusalFor(question: string, toolResults: ToolMessage[]): string {
  const dated = toolResults
    .map((r) => (r.artifact as RetrieveArtifact | undefined)?.nothingDated)
    .findLast((d) => d !== undefined);
  return dated ? nothingDatedFor(question, dated) : notInNotesFor(question);
}
