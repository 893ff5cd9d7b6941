/**
 * Retrieve: run the retrieve_notes_tool call the agent just made, with this run's callbacks and what the
 * decision already settled (so the tool does not ask the model again).
 */
import type { AIMessage } from '@langchain/core/messages';
import type { RetrieveCallContext } from '../retrieveNotesTool.js';
import { toTurns } from './messages.js';
import type { AgentCallbacks, RetrieveTool, StepDeps, StepState, StepUpdate, ToolArgs } from './types.js';

export async function retrieve(
  deps: Pick<StepDeps, 'model'> & { retrieveTool: RetrieveTool },
  state: StepState,
  c: AgentCallbacks,
): Promise<StepUpdate> {
  const call = (state.messages.at(-1) as AIMessage).tool_calls![0]!;
  const args = call.args as ToolArgs;
  c.onStep?.(`Searching your notes for “${args.query}”…`);
  const first = state.toolCalls <= 1;
  const context: RetrieveCallContext = {
    recent: toTurns(state.messages).slice(-5),
    onStep: c.onStep,
    onSources: c.onSources,
    onNotice: c.onNotice,
    // Only the first summary can be the final answer as it stands; later ones are combined first.
    onToken: first ? c.onToken : undefined,
    // With a model, the decision already refined the query: the tool does not ask the model again.
    proposed: deps.model ? { folder: args.folder ?? '', tag: args.tag ?? '' } : undefined,
    signal: c.signal,
  };
  const msg = await deps.retrieveTool.invoke(
    { id: call.id!, name: call.name, args: { query: String(args.query) }, type: 'tool_call' },
    { configurable: { retrieve: context }, signal: c.signal },
  );
  return { messages: [msg] };
}
